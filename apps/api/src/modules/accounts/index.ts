// What other modules may use of accounts (docs/architecture.md "Module faces"); the rest of the folder is its own.
// What comes from a *.repo.ts file is a repository read or write other modules call directly, named one by one.

export { createAccount, createTrialWorkspace, isDuplicateEmail } from "./accounts";
export {
  findPendingInvitationId,
  forgetPendingInvitation,
  linkPendingInvitation,
} from "./pending-invitation.repo";
export {
  deactivateEndedTrials,
  endPlansDue,
  findDuePaidSubscriptions,
  findSubscription,
  lockSubscription,
  updateSubscription,
} from "./subscriptions.repo";
export { checkedTimeZone, timeZone } from "./time-zone";
export {
  deleteUnconfirmedAccount,
  deleteUser,
  findUserByEmail,
  findUserById,
  findUserProfile,
  insertUser,
  type ProfileChanges,
  type UserProfileRow,
  type UserRow,
  updateProfilePicture,
  updateUserPassword,
  updateUserProfile,
  updateUserStatus,
} from "./user.repo";
export {
  countMembers,
  deleteWorkspace,
  findMemberByEmail,
  findMembers,
  findOtherMembers,
  findUserForUpdate,
  lockWorkspace,
  moveUser,
  renameWorkspace,
  setRole,
} from "./workspace.repo";
