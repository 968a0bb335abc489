import type { Handlers } from "../../kernel/handler-types";
import { changeMemberRole, transferOwnership } from "./roles.service";
import {
  acceptInvitation,
  inviteMember,
  listInvitations,
  listMembers,
  previewInvitation,
  removeMember,
  resendInvitation,
  revokeInvitation,
} from "./workspace.service";

export const workspaceHandlers = {
  listMembers: ({ ctx }) => listMembers(ctx),
  removeMember: ({ ctx, params }) => removeMember(ctx, params.id),
  changeMemberRole: ({ ctx, params, body }) => changeMemberRole(ctx, params.id, body),
  transferOwnership: ({ ctx, body }) => transferOwnership(ctx, body),
  listInvitations: ({ ctx }) => listInvitations(ctx),
  inviteMember: ({ ctx, body }) => inviteMember(ctx, body),
  revokeInvitation: ({ ctx, params }) => revokeInvitation(ctx, params.id),
  resendInvitation: ({ ctx, params }) => resendInvitation(ctx, params.id),
  acceptInvitation: ({ ctx, body }) => acceptInvitation(ctx, body),
  previewInvitation: ({ ctx, query }) => previewInvitation(ctx, query),
} satisfies Handlers<
  | "listMembers"
  | "removeMember"
  | "changeMemberRole"
  | "transferOwnership"
  | "listInvitations"
  | "inviteMember"
  | "revokeInvitation"
  | "resendInvitation"
  | "acceptInvitation"
  | "previewInvitation"
>;
