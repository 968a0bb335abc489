import { unwrap } from "@brandscope/api-client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { userKeys } from "~/features/user/queries";
import { api } from "~/lib/api";
import { auth } from "~/lib/auth";
import { notify } from "~/lib/notify";
import { problemText } from "~/lib/problem";
import { teamKeys } from "./queries";

const failed = (title: string) => (error: unknown) =>
  notify.warning(problemText(error), { id: `team-${title}`, title });

/** Invites an address; the form shows a refusal (plan limit 402, already invited or a member 409) itself. */
export function useInviteMemberMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      unwrap(api.POST("/workspace/invitations", { body: { email: email.trim() } })),
    onSuccess: (invitation) => {
      notify.success(`Invitation sent to ${invitation.email}.`, { id: "team-invited" });
      return queryClient.invalidateQueries({ queryKey: teamKeys.all });
    },
  });
}

export function useResendInvitationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(api.POST("/workspace/invitations/{id}/resend", { params: { path: { id } } })),
    onSuccess: (invitation) => {
      notify.success(`A new link was sent to ${invitation.email}. The previous one no longer works.`, {
        id: "team-resent",
      });
      return queryClient.invalidateQueries({ queryKey: teamKeys.all });
    },
    onError: failed("The invitation was not sent again"),
  });
}

export function useRevokeInvitationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(api.DELETE("/workspace/invitations/{id}", { params: { path: { id } } })),
    onSuccess: () => {
      notify.success("The invitation was revoked: its link no longer works.", { id: "team-revoked" });
      return queryClient.invalidateQueries({ queryKey: teamKeys.all });
    },
    onError: failed("The invitation was not revoked"),
  });
}

/** Removes a member; the confirmation dialog shows a refusal itself. */
export function useRemoveMemberMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE("/workspace/members/{id}", { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

/** Makes a member an admin or an admin a member; a refusal is shown as a notice. */
export function useChangeRoleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (p: { id: string; role: "admin" | "member" }) =>
      unwrap(
        api.PATCH("/workspace/members/{id}", { params: { path: { id: p.id } }, body: { role: p.role } }),
      ),
    onSuccess: (member) => {
      const name = `${member.firstName} ${member.lastName}`.trim() || member.email;
      notify.success(`${name} is now ${member.role === "admin" ? "an admin" : "a member"}.`, {
        id: "team-role",
      });
      return queryClient.invalidateQueries({ queryKey: teamKeys.all });
    },
    onError: failed("The role was not changed"),
  });
}

/**
 * Hands the workspace to another member; the signed-in owner becomes an admin, so the user (their role) is read
 * again along with the team. The confirmation dialog shows a refusal itself.
 */
export function useTransferOwnershipMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => unwrap(api.POST("/workspace/ownership", { body: { memberId } })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: userKeys.me() });
      await queryClient.invalidateQueries({ queryKey: teamKeys.all });
    },
  });
}

/**
 * Joins the invitation's workspace. Everything cached belonged to the workspace the user left (its brand, its
 * subscription…), so the cache starts again from the user the server answered; the session's bearer names the
 * old workspace and is refreshed by the api client on its next call.
 */
export function useAcceptInvitationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (invitation: { token: string } | { invitationId: string }) => {
      await unwrap(api.POST("/workspace/invitations/accept", { body: invitation }));
      // The bearer still names the old workspace, so it now answers 401: reading the user renews it (the client
      // refreshes once) before the app moves on. Left to the next screen's burst of calls, a navigation could
      // cut that refresh short after the server rotated the token, and the reused token would end the session.
      return unwrap(api.GET("/user/me"));
    },
    onSuccess: (user) => {
      queryClient.removeQueries();
      queryClient.setQueryData(userKeys.me(), user);
      auth.set({ user, is_first_time: user.isFirstTime });
    },
  });
}
