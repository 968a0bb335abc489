// What other modules may use of auth (docs/architecture.md "Module faces"); the rest of the folder is its own.
// What comes from a *.repo.ts file is a repository read or write other modules call directly, named one by one.

export { logAuthEvent } from "./auth-log";
export { deleteCodes } from "./codes.repo";
export { type EmailLogo, invitationEmail, removedFromWorkspaceEmail, workspaceDeletedEmail } from "./emails";
export { verifyAccessToken } from "./id-token";
export { emailKey, guardAttempt, limitRequests, meterRequest, recordSuccess } from "./limits";
export { redeemCode } from "./oidc";
export { assertNewPassword } from "./passwords";
export { startSession } from "./sessions";
export { findLiveSession, revokeNonSsoSessionsInDomains, revokeUserSessions } from "./sessions.repo";
export { bindSignInToBrowser, isSignInBrowser, OTHER_BROWSER, type SignInBrowser } from "./sign-in-browser";
export { emailDomain } from "./sso-policy";
