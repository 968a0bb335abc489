import { notImplemented } from "../../http/errors";
import type { Handlers } from "../../http/handler-types";

export const workspaceHandlers = {
  listMembers: notImplemented,
  removeMember: notImplemented,
  listInvitations: notImplemented,
  inviteMember: notImplemented,
  revokeInvitation: notImplemented,
  resendInvitation: notImplemented,
  acceptInvitation: notImplemented,
} satisfies Handlers<
  | "listMembers"
  | "removeMember"
  | "listInvitations"
  | "inviteMember"
  | "revokeInvitation"
  | "resendInvitation"
  | "acceptInvitation"
>;
