import type { components, User } from "@brandscope/api-client";
import { errorMessage } from "@brandscope/api-client";
import { Badge } from "@brandscope/ui/badge";
import { Button } from "@brandscope/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@brandscope/ui/data-table";
import { ErrorState } from "@brandscope/ui/error-state";
import { Skeleton } from "@brandscope/ui/skeleton";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useUpgradeModal } from "~/features/billing/upgrade-modal-provider";
import { formatDate } from "~/features/modules/format";
import { meOptions } from "~/features/user/queries";
import { ConfirmRemoval } from "~/lib/confirm-content";
import { useAppForm } from "~/lib/form";
import { notify } from "~/lib/notify";
import { FormProblem, isApiError } from "~/lib/problem";
import { planInForce } from "../subscriptions/banner-rule";
import {
  useChangeRoleMutation,
  useInviteMemberMutation,
  useRemoveMemberMutation,
  useResendInvitationMutation,
  useRevokeInvitationMutation,
  useTransferOwnershipMutation,
} from "./mutations";
import { actionsOn, limitsOf, managesTeam, type Role, roleLabel } from "./permissions";
import { invitationsOptions, membersOptions } from "./queries";
import { type InviteValues, inviteSchema } from "./schemas";

type Member = components["schemas"]["Member"];
type Invitation = components["schemas"]["Invitation"];

const memberName = (m: Pick<Member, "firstName" | "lastName" | "email">) =>
  `${m.firstName} ${m.lastName}`.trim() || m.email;

const intro: Record<Role, string> = {
  owner:
    "Who works in this workspace. Invite colleagues by e-mail: they see the same brands and modules. Admins also manage members, the brand and its sources; only you manage billing.",
  admin:
    "Who works in this workspace. As an admin you invite colleagues and manage members, the brand and its sources; the owner manages billing.",
  member:
    "Who works in this workspace. Everyone sees the same brands and modules; the owner and admins manage members, the owner billing.",
};

/**
 * The workspace's team (docs/decisions.md "Workspaces and team"): everyone sees who is in it and with which role; the owner and
 * admins also invite by e-mail, follow the open invitations (resend, revoke), remove members and change roles
 * within the matrix; the owner transfers the ownership. What the signed-in role may not do is left out, with why.
 */
export function TeamSection({ user: given }: { user?: User } = {}) {
  const me = useQuery({ ...meOptions(), enabled: !given });
  const user = given ?? me.data;
  const role = user?.workspace.role;
  const manages = managesTeam(role);
  return (
    <section
      aria-labelledby="section-team"
      data-slot="team-section"
      className="bg-card grid grid-cols-[16rem_1fr] gap-10 rounded-lg border p-8"
    >
      <div className="flex flex-col gap-1.5">
        <h2 id="section-team" className="text-foreground text-base font-semibold">
          Team
        </h2>
        <p className="text-muted-foreground text-sm leading-relaxed">{intro[role ?? "member"]}</p>
      </div>
      <div className="flex min-w-0 flex-col gap-8">
        <MemberList caller={user && { id: user.id, role: user.workspace.role }} />
        {user && role && limitsOf[role] ? (
          <p className="text-muted-foreground text-sm" data-slot="role-limits">
            {limitsOf[role]}
          </p>
        ) : null}
        {user && manages ? (
          <>
            <InviteForm
              // A cancelled paid plan is held to Starter's limits once it has ended (the server's rule).
              plan={planInForce(user.subscription)}
            />
            <InvitationList />
          </>
        ) : null}
      </div>
    </section>
  );
}

function MemberList({ caller }: { caller: { id: string; role: Role } | undefined }) {
  const members = useQuery(membersOptions());
  const changeRole = useChangeRoleMutation();
  const [removing, setRemoving] = useState<Member>();
  const [transferring, setTransferring] = useState<Member>();
  const manages = managesTeam(caller?.role);
  if (members.isError) {
    return (
      <ErrorState
        title="We could not load the members"
        message={errorMessage(members.error)}
        onRetry={() => void members.refetch()}
        retrying={members.isFetching}
      />
    );
  }
  if (!members.data) {
    return (
      <div role="status" aria-label="Loading the members">
        <Skeleton className="h-28 w-full" />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <h3 className="text-foreground text-sm font-semibold">Members</h3>
      <Table aria-label="Members">
        <TableHeader>
          <TableRow>
            <TableHead>Member</TableHead>
            <TableHead>Role</TableHead>
            {manages ? (
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            ) : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {members.data.map((member) => (
            <TableRow key={member.id}>
              {/* Name, address and joining date in one cell: the row keeps room for the actions. */}
              <TableCell className="align-top">
                <div className="text-foreground font-medium">
                  {memberName(member)}
                  {member.id === caller?.id ? (
                    <span className="text-muted-foreground font-normal"> (you)</span>
                  ) : null}
                </div>
                <div className="text-muted-foreground text-xs break-all">{member.email}</div>
                <div className="text-muted-foreground text-xs">Joined {formatDate(member.joinedAt)}</div>
              </TableCell>
              <TableCell className="align-top">
                <Badge tone={member.role === "member" ? "neutral" : "info"}>{roleLabel[member.role]}</Badge>
              </TableCell>
              {caller && manages ? (
                <TableCell className="align-top">
                  <MemberActions
                    member={member}
                    may={actionsOn(caller, member)}
                    changing={changeRole.isPending && changeRole.variables.id === member.id}
                    onRole={(role) => changeRole.mutate({ id: member.id, role })}
                    onRemove={() => setRemoving(member)}
                    onTransfer={() => setTransferring(member)}
                  />
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <RemoveMemberDialog member={removing} onClose={() => setRemoving(undefined)} />
      <TransferOwnershipDialog member={transferring} onClose={() => setTransferring(undefined)} />
    </div>
  );
}

function MemberActions({
  member,
  may,
  changing,
  onRole,
  onRemove,
  onTransfer,
}: {
  member: Member;
  may: ReturnType<typeof actionsOn>;
  changing: boolean;
  onRole: (role: "admin" | "member") => void;
  onRemove: () => void;
  onTransfer: () => void;
}) {
  const name = memberName(member);
  return (
    <div className="flex flex-col items-end gap-1">
      {may.makeAdmin ? (
        <Button
          emphasis="ghost"
          size="sm"
          loading={changing}
          aria-label={`Make ${name} an admin`}
          onClick={() => onRole("admin")}
        >
          Make admin
        </Button>
      ) : null}
      {may.makeMember ? (
        <Button
          emphasis="ghost"
          size="sm"
          loading={changing}
          aria-label={`Make ${name} a member`}
          onClick={() => onRole("member")}
        >
          Make member
        </Button>
      ) : null}
      {may.transfer ? (
        <Button
          emphasis="ghost"
          size="sm"
          aria-label={`Transfer the ownership to ${name}`}
          onClick={onTransfer}
        >
          Make owner
        </Button>
      ) : null}
      {may.remove ? (
        <Button emphasis="ghost" size="sm" aria-label={`Remove ${name}`} onClick={onRemove}>
          Remove
        </Button>
      ) : null}
    </div>
  );
}

function TransferOwnershipDialog({ member, onClose }: { member: Member | undefined; onClose: () => void }) {
  const transfer = useTransferOwnershipMutation();
  const name = member ? memberName(member) : "";
  return (
    <ConfirmRemoval
      open={member !== undefined}
      onClose={onClose}
      title={`Make ${name} the owner of the workspace?`}
      description={`${name} becomes the owner at once: they manage billing and the team, and only they can transfer the workspace again. You become an admin: you keep managing members, the brand and its sources, but no longer billing.`}
      action="Transfer ownership"
      removal={transfer}
      onConfirm={(close) => {
        if (member) {
          transfer.mutate(member.id, {
            onSuccess: () => {
              notify.success(`${name} now owns the workspace. You are an admin.`, { id: "team-transferred" });
              close();
            },
          });
        }
      }}
    />
  );
}

function RemoveMemberDialog({ member, onClose }: { member: Member | undefined; onClose: () => void }) {
  const remove = useRemoveMemberMutation();
  const name = member ? memberName(member) : "";
  return (
    <ConfirmRemoval
      open={member !== undefined}
      onClose={onClose}
      title={`Remove ${name} from the workspace?`}
      description={`${name} loses access to the workspace's brands and data at once and is signed out. Their account stays, with a workspace of their own on a Starter trial. You can invite them again later.`}
      action="Remove member"
      removal={remove}
      onConfirm={(close) => {
        if (member) remove.mutate(member.id, { onSuccess: close });
      }}
    />
  );
}

const seatsOf: Record<User["subscription"]["type"], string> = {
  starter: "The Starter plan has room for the owner only. Upgrade to invite your team.",
  professional: "The Professional plan has room for 3 members besides the owner, invitations included.",
  enterprise: "The Enterprise plan has room for as many members as you need.",
};

function InviteForm({ plan }: { plan: User["subscription"]["type"] }) {
  const invite = useInviteMemberMutation();
  const upgrade = useUpgradeModal();
  const form = useAppForm({
    defaultValues: { email: "" } as InviteValues,
    validators: { onChange: inviteSchema },
    onSubmit: async ({ value, formApi }) => {
      try {
        await invite.mutateAsync(value.email);
        formApi.reset({ email: "" });
      } catch {
        // Shown under the form (invite.error); the address stays for a correction.
      }
    },
  });
  const overLimit = isApiError(invite.error, 402);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h3 className="text-foreground text-sm font-semibold">Invite a member</h3>
        <p className="text-muted-foreground text-sm">
          They get an e-mail with a link that works once, for 7 days. {seatsOf[plan]}
        </p>
      </div>
      <form.AppForm>
        <form.Form aria-label="Invite a member" className="flex flex-col gap-3">
          <div className="flex items-start gap-3">
            <div className="min-w-0 flex-1">
              <form.AppField name="email">
                {(field) => (
                  <field.TextInput
                    label="Email"
                    type="email"
                    autoComplete="off"
                    placeholder="colleague@company.com"
                  />
                )}
              </form.AppField>
            </div>
            <form.SubmitButton className="mt-6 shrink-0">Send invitation</form.SubmitButton>
          </div>
          <FormProblem error={invite.error} />
          {overLimit && upgrade.available ? (
            <div>
              <Button emphasis="secondary" size="sm" onClick={() => upgrade.open()}>
                See plans
              </Button>
            </div>
          ) : null}
        </form.Form>
      </form.AppForm>
    </div>
  );
}

function InvitationList() {
  const invitations = useQuery(invitationsOptions());
  const resend = useResendInvitationMutation();
  const revoke = useRevokeInvitationMutation();
  if (invitations.isError) {
    return (
      <ErrorState
        title="We could not load the invitations"
        message={errorMessage(invitations.error)}
        onRetry={() => void invitations.refetch()}
        retrying={invitations.isFetching}
      />
    );
  }
  if (!invitations.data) {
    return (
      <div role="status" aria-label="Loading the invitations">
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <h3 className="text-foreground text-sm font-semibold">Invitations</h3>
      {invitations.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">No invitation is waiting for an answer.</p>
      ) : (
        <ul aria-label="Invitations" className="divide-border flex flex-col divide-y rounded-lg border">
          {invitations.data.map((invitation) => (
            <InvitationRow
              key={invitation.id}
              invitation={invitation}
              resending={resend.isPending && resend.variables === invitation.id}
              revoking={revoke.isPending && revoke.variables === invitation.id}
              onResend={() => resend.mutate(invitation.id)}
              onRevoke={() => revoke.mutate(invitation.id)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function InvitationRow({
  invitation,
  resending,
  revoking,
  onResend,
  onRevoke,
}: {
  invitation: Invitation;
  resending: boolean;
  revoking: boolean;
  onResend: () => void;
  onRevoke: () => void;
}) {
  const expired = invitation.status === "expired";
  return (
    <li className="flex items-center justify-between gap-4 px-4 py-3">
      <div className="flex min-w-0 flex-col gap-0.5">
        <span className="text-foreground truncate text-sm font-medium">{invitation.email}</span>
        <span className="text-muted-foreground text-xs">
          Sent {formatDate(invitation.createdAt)} · {expired ? "expired" : "expires"}{" "}
          {formatDate(invitation.expiresAt)}
        </span>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <Badge tone={expired ? "warning" : "neutral"}>{expired ? "Expired" : "Pending"}</Badge>
        <Button
          emphasis="secondary"
          size="sm"
          loading={resending}
          aria-label={`Resend the invitation to ${invitation.email}`}
          onClick={onResend}
        >
          Resend
        </Button>
        <Button
          emphasis="ghost"
          size="sm"
          loading={revoking}
          aria-label={`Revoke the invitation to ${invitation.email}`}
          onClick={onRevoke}
        >
          Revoke
        </Button>
      </div>
    </li>
  );
}
