import type { components } from "@brandscope/api-client/schema";
import type { Tx } from "../../db/client";
import { signedIn } from "../../kernel/caller";
import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { addMs, DAY_MS } from "../../lib/clock";
import { randomToken, sha256 } from "../../lib/crypto";
import {
  countMembers,
  createTrialWorkspace,
  deleteWorkspace,
  findMemberByEmail,
  findMembers,
  findPendingInvitationId,
  findSubscription,
  findUserForUpdate,
  findUserProfile,
  forgetPendingInvitation,
  lockWorkspace,
  moveUser,
  type UserRow,
} from "../accounts";
import {
  type EmailLogo,
  invitationEmail,
  limitRequests,
  logAuthEvent,
  removedFromWorkspaceEmail,
  revokeUserSessions,
} from "../auth";
import { effectiveStatus, planOf, queueCancellations, workspacePlan } from "../billing";
import { emailLogo, findWorkspaceName } from "../branding";
import { type QueuedMail, queueMail, sendQueuedMail } from "../mail";
import { toUserDto } from "../user";
import {
  countPendingInvitations,
  findInvitationByToken,
  findInvitationForUpdate,
  findInvitationWorkspace,
  findOpenInvitationByEmail,
  findOpenInvitationForUpdate,
  findOpenInvitations,
  insertInvitation,
  markInvitationAccepted,
  renewInvitation,
  revokeInvitation as revokeInvitationRow,
} from "./invitations.repo";
import { assertMayRemove } from "./role-matrix";
import { lockCaller, notFound } from "./team-caller";

type Schemas = components["schemas"];

/** docs/decisions.md "Workspaces and team": an invitation is a single-use link valid 7 days. */
export const INVITATION_TTL_MS = 7 * DAY_MS;

const fullName = (u: { firstName: string | null; lastName: string | null }) =>
  `${u.firstName ?? ""} ${u.lastName ?? ""}`.trim();

function toInvitationDto(
  row: { id: string; email: string; expiresAt: Date; createdAt: Date },
  now: Date,
): Schemas["Invitation"] {
  return {
    id: row.id,
    email: row.email,
    status: row.expiresAt > now ? "pending" : "expired",
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** 402 when the workspace has no seat left for one more member (the owner and open invitations count). */
async function assertSeatFree(tx: Tx, p: { workspaceId: string; now: Date; exceptInvitationId?: string }) {
  const { plan, limits } = await workspacePlan(tx, p);
  const taken =
    (await countMembers(tx, p)) +
    (await countPendingInvitations(tx, {
      workspaceId: p.workspaceId,
      now: p.now,
      exceptId: p.exceptInvitationId,
    }));
  if (taken + 1 <= limits.members) return;
  const name = planOf(plan).name;
  throw new AppError(
    "PLAN_LIMIT",
    402,
    limits.members === 1
      ? `Your ${name} plan allows 1 member. Upgrade your plan to invite your team.`
      : `Your ${name} plan allows ${limits.members} members, including you, and every seat is taken or invited. Remove a member, revoke an invitation or upgrade your plan to invite more.`,
  );
}

/** The invitation's e-mail, with the workspace's logo, kept in the outbox in the invitation's transaction. */
async function queueInvitationMail(
  tx: Tx,
  ctx: RequestCtx,
  p: { to: string; token: string; inviter: UserRow; workspaceName: string; logo: EmailLogo | undefined },
): Promise<QueuedMail> {
  const url = `${ctx.config.appUrl}/invitation?token=${encodeURIComponent(p.token)}`;
  const inviterName = fullName(p.inviter) || p.inviter.email;
  return queueMail(
    tx,
    ctx,
    invitationEmail({
      to: p.to,
      inviterName,
      inviterEmail: p.inviter.email,
      workspaceName: p.workspaceName,
      url,
      logo: p.logo,
    }),
  );
}

/** Invitation e-mails a workspace may send a day, new and resent: a team's invitations, not a mailing. */
export const INVITATION_MAILS_PER_DAY = 50;

/**
 * Before an invitation's transaction: counts the e-mail against the day's allowance, and reads the workspace's logo
 * for it (a storage read and a conversion, which inside the transaction held the workspace's lock meanwhile).
 */
async function beforeInvitationMail(ctx: RequestCtx): Promise<EmailLogo | undefined> {
  const { workspaceId } = signedIn(ctx);
  await limitRequests(
    ctx,
    { key: `invitation-mails:${workspaceId}`, windowMs: DAY_MS, max: INVITATION_MAILS_PER_DAY },
    (wait) =>
      `This workspace has sent ${INVITATION_MAILS_PER_DAY} invitations in the last 24 hours. Try again in ${wait}.`,
  );
  return emailLogo(ctx, { workspaceId, workspaceName: await findWorkspaceName(ctx.db, { workspaceId }) });
}

export async function listMembers(ctx: RequestCtx): Promise<Schemas["Member"][]> {
  const { workspaceId } = signedIn(ctx);
  const rows = await findMembers(ctx.db, { workspaceId });
  return rows.map((m) => ({
    id: m.id,
    email: m.email,
    firstName: m.firstName,
    lastName: m.lastName,
    role: m.role,
    joinedAt: m.joinedAt.toISOString(),
  }));
}

export async function listInvitations(ctx: RequestCtx): Promise<Schemas["Invitation"][]> {
  const now = ctx.clock.now();
  const rows = await ctx.db.transaction(async (tx) => {
    const { workspace } = await lockCaller(tx, ctx);
    return findOpenInvitations(tx, { workspaceId: workspace.id });
  });
  return rows.map((row) => toInvitationDto(row, now));
}

/**
 * Invites an address. One open invitation per address: while one is pending, inviting again is 409 (the owner
 * resends it instead); an expired one is replaced by the new one.
 */
export async function inviteMember(
  ctx: RequestCtx,
  body: Schemas["EmailRequest"],
): Promise<Schemas["Invitation"]> {
  const email = body.email.trim().toLowerCase();
  const logo = await beforeInvitationMail(ctx);
  const now = ctx.clock.now();
  const token = randomToken();
  const { invitation, mail } = await ctx.db.transaction(async (tx) => {
    const { user, workspace } = await lockCaller(tx, ctx);
    if (await findMemberByEmail(tx, { workspaceId: workspace.id, email })) {
      throw new AppError("ALREADY_MEMBER", 409, `${email} is already a member of this workspace.`);
    }
    const existing = await findOpenInvitationByEmail(tx, { workspaceId: workspace.id, email });
    if (existing && existing.expiresAt > now) {
      throw new AppError(
        "ALREADY_INVITED",
        409,
        `${email} has already been invited. Resend the invitation from the list to send a new link.`,
      );
    }
    if (existing) await revokeInvitationRow(tx, { id: existing.id, workspaceId: workspace.id, now });
    await assertSeatFree(tx, { workspaceId: workspace.id, now });
    const created = await insertInvitation(tx, {
      workspaceId: workspace.id,
      email,
      tokenHash: sha256(token),
      invitedBy: user.id,
      expiresAt: addMs(now, INVITATION_TTL_MS),
      now,
    });
    const mail = await queueInvitationMail(tx, ctx, {
      to: email,
      token,
      inviter: user,
      workspaceName: workspace.name,
      logo,
    });
    return { invitation: created, mail };
  });
  sendQueuedMail(ctx, mail);
  ctx.log.info({ event: "workspace.invite", invitationId: invitation.id }, "Invitation sent");
  return toInvitationDto(invitation, now);
}

/** A new link and 7 new days for an open invitation; the previous link stops working. */
export async function resendInvitation(ctx: RequestCtx, id: string): Promise<Schemas["Invitation"]> {
  const logo = await beforeInvitationMail(ctx);
  const now = ctx.clock.now();
  const token = randomToken();
  const { invitation, mail } = await ctx.db.transaction(async (tx) => {
    const { user, workspace } = await lockCaller(tx, ctx);
    const existing = await findOpenInvitationForUpdate(tx, { id, workspaceId: workspace.id });
    if (!existing) throw notFound("Invitation");
    // An expired invitation held no seat: renewing it takes one again.
    if (existing.expiresAt <= now) {
      await assertSeatFree(tx, { workspaceId: workspace.id, now, exceptInvitationId: existing.id });
    }
    const renewed = await renewInvitation(tx, {
      id,
      workspaceId: workspace.id,
      tokenHash: sha256(token),
      invitedBy: user.id,
      expiresAt: addMs(now, INVITATION_TTL_MS),
    });
    if (!renewed) throw notFound("Invitation");
    const mail = await queueInvitationMail(tx, ctx, {
      to: renewed.email,
      token,
      inviter: user,
      workspaceName: workspace.name,
      logo,
    });
    return { invitation: renewed, mail };
  });
  sendQueuedMail(ctx, mail);
  ctx.log.info({ event: "workspace.invite-resent", invitationId: invitation.id }, "Invitation resent");
  return toInvitationDto(invitation, now);
}

export async function revokeInvitation(ctx: RequestCtx, id: string): Promise<undefined> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const { workspace } = await lockCaller(tx, ctx);
    if (!(await revokeInvitationRow(tx, { id, workspaceId: workspace.id, now })))
      throw notFound("Invitation");
  });
  return undefined;
}

/**
 * Removes a member: they keep their account, in a new workspace of their own with a Starter trial, and every
 * sign-in of theirs ends. The owner removes anyone else, an admin members only; the owner is never removed
 * (docs/decisions.md "Workspaces and team").
 */
export async function removeMember(ctx: RequestCtx, id: string): Promise<undefined> {
  const now = ctx.clock.now();
  const { member, mail } = await ctx.db.transaction(async (tx) => {
    const { user, workspace } = await lockCaller(tx, ctx);
    const found = await findUserForUpdate(tx, { userId: id, workspaceId: workspace.id });
    if (!found) throw notFound("Member");
    assertMayRemove(user, found);
    const own = await createTrialWorkspace(tx, { ownerFirstName: found.firstName, now });
    await moveUser(tx, {
      userId: found.id,
      fromWorkspaceId: workspace.id,
      toWorkspaceId: own.id,
      role: "owner",
      now,
    });
    await revokeUserSessions(tx, { userId: found.id, reason: "removed-from-workspace", now });
    const mail = await queueMail(
      tx,
      ctx,
      removedFromWorkspaceEmail({
        to: found.email,
        firstName: found.firstName,
        workspaceName: workspace.name,
        appUrl: ctx.config.appUrl,
      }),
    );
    return { member: found, mail };
  });
  sendQueuedMail(ctx, mail);
  logAuthEvent(ctx, "workspace-remove", { outcome: "success", userId: member.id });
  return undefined;
}

const gone = (code: string, message: string) => new AppError(code, 410, message);

/**
 * What a link invites to, for the page it opens before the visitor signs in: the workspace, who invites and the
 * address invited (so a visitor signed in as someone else knows before trying). An unknown or replaced token is 404.
 */
export async function previewInvitation(
  ctx: RequestCtx,
  query: { token: string },
): Promise<Schemas["InvitationPreview"]> {
  const row = await findInvitationByToken(ctx.db, { tokenHash: sha256(query.token.trim()) });
  if (!row) throw new AppError("INVITATION_INVALID", 404, "This invitation link is not valid any more.");
  const { invitation } = row;
  const status = invitation.revokedAt
    ? "revoked"
    : invitation.acceptedAt
      ? "used"
      : invitation.expiresAt <= ctx.clock.now()
        ? "expired"
        : "pending";
  return {
    workspaceName: row.workspaceName,
    inviterName: fullName({ firstName: row.inviterFirstName, lastName: row.inviterLastName }) || null,
    email: invitation.email,
    status,
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/**
 * Joins the invitation's workspace. Single use: the invitation row is locked and marked accepted in the same
 * transaction as the move, so of two concurrent accepts one joins and the other is 410. An owner leaves their
 * workspace behind only when nothing of value would be lost with it: no other member, no paid subscription;
 * that workspace (its brand and data) is then deleted.
 */
export async function acceptInvitation(
  ctx: RequestCtx,
  body: Schemas["AcceptInvitationRequest"],
): Promise<Schemas["User"]> {
  const caller = signedIn(ctx);
  const now = ctx.clock.now();
  const tokenHash = body.token === undefined ? undefined : sha256(body.token.trim());
  const invalid = () =>
    gone(
      "INVITATION_INVALID",
      "This invitation link is not valid any more: it was replaced by a newer one or withdrawn. Ask the workspace owner for a new invitation.",
    );
  const joined = await ctx.db.transaction(async (tx) => {
    const target = tokenHash
      ? await findInvitationWorkspace(tx, { tokenHash })
      : await ownPendingInvitation(tx, caller.userId, body.invitationId);
    if (!target) throw invalid();
    // Same lock order as inviting and resending: the workspace, then the invitation.
    const workspace = await lockWorkspace(tx, { workspaceId: target.workspaceId });
    const row = workspace && (await findInvitationForUpdate(tx, { id: target.id, tokenHash }));
    if (!row) throw invalid();
    const { invitation } = row;
    if (invitation.revokedAt) {
      throw gone("INVITATION_REVOKED", "This invitation was withdrawn by the workspace owner.");
    }
    if (invitation.acceptedAt) {
      throw gone("INVITATION_USED", "This invitation has already been used. Each link works only once.");
    }
    if (invitation.expiresAt <= now) {
      throw gone(
        "INVITATION_EXPIRED",
        `This invitation has expired (links are valid for 7 days). Ask ${fullName({ firstName: row.inviterFirstName, lastName: row.inviterLastName }) || "the workspace owner"} to send it again.`,
      );
    }
    const user = await findUserForUpdate(tx, caller);
    if (!user) throw new AppError("UNAUTHORIZED", 401, "Unauthorized");
    if (user.email.toLowerCase() !== invitation.email.toLowerCase()) {
      throw new AppError(
        "INVITATION_EMAIL_MISMATCH",
        403,
        `This invitation was sent to ${invitation.email}, but you are signed in as ${user.email}. Sign in with ${invitation.email} to join.`,
      );
    }
    if (user.workspaceId !== invitation.workspaceId) {
      const { plan, limits } = await workspacePlan(tx, {
        workspaceId: invitation.workspaceId,
        now: ctx.clock.now(),
      });
      if ((await countMembers(tx, { workspaceId: invitation.workspaceId })) + 1 > limits.members) {
        throw new AppError(
          "PLAN_LIMIT",
          402,
          `The ${row.workspaceName} workspace's ${planOf(plan).name} plan has no room for another member. Ask its owner to upgrade.`,
        );
      }
      if (user.role === "owner") await leaveOwnWorkspace(tx, { user, now });
      const moved = await moveUser(tx, {
        userId: user.id,
        fromWorkspaceId: user.workspaceId,
        toWorkspaceId: invitation.workspaceId,
        role: "member",
        now,
      });
      if (!moved) throw new Error("the joining account could not be moved");
      if (user.role === "owner") {
        // A plan that ended (expired, cancelled, failed) may still run at its provider.
        await queueCancellations(tx, ctx, { workspaceId: user.workspaceId, ended: new Set() });
        await deleteWorkspace(tx, { workspaceId: user.workspaceId });
      }
    }
    await markInvitationAccepted(tx, { id: invitation.id, now });
    await forgetPendingInvitation(tx, { userId: user.id });
    return { userId: user.id, workspaceId: invitation.workspaceId };
  });
  logAuthEvent(ctx, "workspace-join", { outcome: "success", userId: joined.userId });
  const profile = await findUserProfile(ctx.db, joined);
  if (!profile) throw new AppError("UNAUTHORIZED", 401, "Unauthorized");
  return toUserDto(profile, ctx);
}

/** The invitation the account signed up with, when it is the one named: no other can be accepted by id. */
async function ownPendingInvitation(tx: Tx, userId: string, id: string | undefined) {
  const pending = await findPendingInvitationId(tx, { userId });
  return pending && pending === id ? findInvitationWorkspace(tx, { id: pending }) : undefined;
}

/** 409 when the owner's workspace cannot be left behind: it has other members, or a paid plan still runs. */
async function leaveOwnWorkspace(tx: Tx, p: { user: UserRow; now: Date }) {
  const workspace = await lockWorkspace(tx, { workspaceId: p.user.workspaceId });
  const name = workspace?.name ?? "your workspace";
  if ((await countMembers(tx, { workspaceId: p.user.workspaceId })) > 1) {
    throw new AppError(
      "OWNER_HAS_MEMBERS",
      409,
      `You own the workspace ${name}, which has other members. Remove them before joining another workspace.`,
    );
  }
  const subscription = await findSubscription(tx, { workspaceId: p.user.workspaceId });
  const status = effectiveStatus(subscription, p.now);
  if (
    subscription &&
    subscription.plan !== "starter" &&
    (status === "active" || status === "payment-error")
  ) {
    throw new AppError(
      "OWNER_HAS_SUBSCRIPTION",
      409,
      `You own the workspace ${name}, which has a ${planOf(subscription.plan).name} subscription. Cancel it before joining another workspace.`,
    );
  }
}
