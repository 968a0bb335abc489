// What other modules may use of workspace (docs/architecture.md "Module faces"); the rest of the folder is its own.
// What comes from a *.repo.ts file is a repository read or write other modules call directly, named one by one.

export { findOpenInvitationByEmail, markInvitationAccepted } from "./invitations.repo";
