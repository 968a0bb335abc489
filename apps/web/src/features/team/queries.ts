import { unwrap } from "@brandscope/api-client";
import { queryOptions } from "@tanstack/react-query";
import { api } from "~/lib/api";

export const teamKeys = {
  all: ["team"] as const,
  members: () => [...teamKeys.all, "members"] as const,
  invitations: () => [...teamKeys.all, "invitations"] as const,
};

/** The workspace's members, owner first (GET /workspace/members). */
export const membersOptions = () =>
  queryOptions({
    queryKey: teamKeys.members(),
    queryFn: ({ signal }) => unwrap(api.GET("/workspace/members", { signal })),
  });

/** Invitations not yet accepted, pending or expired (GET /workspace/invitations, owner only). */
export const invitationsOptions = () =>
  queryOptions({
    queryKey: teamKeys.invitations(),
    queryFn: ({ signal }) => unwrap(api.GET("/workspace/invitations", { signal })),
  });

/** What an invitation link invites to: public, read before signing in (GET /workspace/invitations/preview). */
export const invitationPreviewOptions = (token: string) =>
  queryOptions({
    queryKey: [...teamKeys.all, "invitation-preview", token] as const,
    queryFn: ({ signal }) =>
      unwrap(api.GET("/workspace/invitations/preview", { params: { query: { token } }, signal })),
    retry: false,
  });
