import { AppError } from "../../kernel/errors";
import type { UserRow } from "../accounts";

type Person = Pick<UserRow, "id" | "role" | "firstName" | "lastName" | "email">;

const nameOf = (p: Person) => `${p.firstName} ${p.lastName}`.trim() || p.email;
const refused = (message: string) => new AppError("ROLE_NOT_ALLOWED", 403, message);

/** 409 for anything that would leave the workspace without its owner: they hand it over first. */
export const ownerMustTransfer = (message: string) => new AppError("OWNER_MUST_TRANSFER", 409, message);

/**
 * Who may remove whom (docs/decisions.md "Workspaces and team"): the owner removes any admin or member, an admin removes members;
 * the owner is never removed, and nobody removes themself this way. Which role the call needs at all is the
 * contract's (x-role: admin); this is the part that depends on the member.
 */
export function assertMayRemove(caller: Person, target: Person): void {
  if (target.role === "owner") {
    throw ownerMustTransfer(
      target.id === caller.id
        ? "You own this workspace, so you cannot leave it. Transfer the ownership to another member first."
        : `${nameOf(target)} owns this workspace and cannot be removed from it.`,
    );
  }
  if (target.id === caller.id) {
    throw refused("You cannot remove yourself. Ask the owner of the workspace to remove you.");
  }
  if (caller.role !== "owner" && target.role === "admin") {
    throw refused(`${nameOf(target)} is an admin: only the owner of the workspace can remove an admin.`);
  }
}

/**
 * Who may give whom which role: the owner makes a member an admin or an admin a member; an admin makes a member an
 * admin and nothing else. Nobody changes their own role, and the owner's changes only by a transfer.
 */
export function assertMayChangeRole(caller: Person, target: Person, role: "admin" | "member"): void {
  if (target.role === "owner") {
    throw refused(
      `${nameOf(target)} owns this workspace: the owner's role changes only when they transfer the ownership.`,
    );
  }
  if (target.id === caller.id) {
    throw refused("You cannot change your own role. Ask the owner of the workspace.");
  }
  if (caller.role !== "owner" && (target.role === "admin" || role !== "admin")) {
    throw refused(
      `Only the owner of the workspace can change an admin's role. As an admin you can make a member an admin.`,
    );
  }
}

type LeastRole = "member" | "admin" | "owner";

/**
 * The least role each guarded operation needs, as the product states it (docs/decisions.md "Workspaces and team"):
 * a member manages their own account; an admin also the team, the brand, competitors, data sources, imports and
 * branding; the owner also billing, single sign-on and the ownership. Written apart from the contract's `x-role`,
 * which the role guard enforces, so that src/http/roles.test.ts holds both the contract and the server to it: a
 * wrongly declared `x-role` fails there. A new guarded operation fails that test until it is listed here.
 */
export const OPERATION_ROLES: Readonly<Record<string, LeastRole>> = {
  // Their own account, and what anyone in the workspace may ask for.
  logOut: "member",
  updateUser: "member",
  changePassword: "member",
  updateProfilePicture: "member",
  deactivateUser: "member",
  deleteUser: "member",
  acceptInvitation: "member",
  contactSales: "member",
  updateDigestPreference: "member",
  // Shared reports (issue 32): any member shares; revoking another's link is checked in its service.
  createSharedReport: "member",
  revokeSharedReport: "member",
  // Alerts (issue 31): the read state and the mutes are each member's own; the rules are the admins'.
  markAlertsRead: "member",
  updateAlertPreferences: "member",
  updateAlertRules: "admin",
  // Alert chat webhooks (issue 31): the workspace's, set by its admins; the URL is a credential.
  getAlertChannels: "admin",
  saveAlertChannel: "admin",
  deleteAlertChannel: "admin",
  testAlertChannel: "admin",
  // The team.
  removeMember: "admin",
  changeMemberRole: "admin",
  listInvitations: "admin",
  inviteMember: "admin",
  revokeInvitation: "admin",
  resendInvitation: "admin",
  // The brand, its competitors, data sources and imports, and the workspace's branding.
  updateBranding: "admin",
  uploadBrandingLogo: "admin",
  removeBrandingLogo: "admin",
  createBrand: "admin",
  updateBrand: "admin",
  deleteBrand: "admin",
  resetBrand: "admin",
  retryBrandCollection: "admin",
  createImport: "admin",
  deleteImport: "admin",
  commitImport: "admin",
  addBrandCompetitor: "admin",
  removeBrandCompetitor: "admin",
  connectYoutube: "admin",
  disconnectYoutube: "admin",
  refreshYoutube: "admin",
  selectSearchConsoleProperty: "admin",
  disconnectSearchConsole: "admin",
  authorizeSearchConsole: "admin",
  refreshSearchConsole: "admin",
  selectGoogleAdsCustomer: "admin",
  disconnectGoogleAds: "admin",
  authorizeGoogleAds: "admin",
  refreshGoogleAds: "admin",
  selectInstagramAccount: "admin",
  disconnectInstagram: "admin",
  authorizeInstagram: "admin",
  refreshInstagram: "admin",
  refreshWebsiteSource: "admin",
  // The ownership, single sign-on and billing.
  transferOwnership: "owner",
  getSsoSettings: "owner",
  saveSsoSettings: "owner",
  deleteSsoSettings: "owner",
  addSsoDomain: "owner",
  removeSsoDomain: "owner",
  verifySsoDomain: "owner",
  subscribe: "owner",
  cancelSubscription: "owner",
  resumeSubscription: "owner",
  createSetupIntent: "owner",
  confirmSandboxSetup: "owner",
  savePaymentMethod: "owner",
  removePaymentMethod: "owner",
  setDefaultPaymentMethod: "owner",
};
