import type { components } from "@brandscope/api-client/schema";
import type { FastifyRequest } from "fastify";
import { signedIn } from "../../kernel/caller";
import { AppError, type ErrorDetail } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { readUploadedFile } from "../../kernel/multipart";
import { randomToken } from "../../lib/crypto";
import {
  countMembers,
  deleteUser as deleteUserRow,
  deleteWorkspace,
  findOtherMembers,
  findUserById,
  findUserProfile,
  type ProfileChanges,
  renameWorkspace,
  timeZone,
  type UserProfileRow,
  updateProfilePicture as updateProfilePictureKey,
  updateUserPassword,
  updateUserProfile,
  updateUserStatus,
} from "../accounts";
import {
  assertNewPassword,
  deleteCodes,
  findLiveSession,
  guardAttempt,
  logAuthEvent,
  recordSuccess,
  revokeUserSessions,
  verifyAccessToken,
  workspaceDeletedEmail,
} from "../auth";
import { cancelWorkspaceSubscriptions, effectiveStatus, queueCancellations } from "../billing";
import { type QueuedMail, queueMail, sendQueuedMail } from "../mail";
import { industryExists, isKnownCountry } from "../system";
import { PICTURE_MAX_BYTES, reencodePicture } from "./profile-picture";

type Schemas = components["schemas"];
type Message = Schemas["Message"];

/**
 * Row → contract DTO, in one place. A Starter trial past its end date shows as deactivated
 * (docs/decisions.md "Plans and trials").
 */
export function toUserDto(row: UserProfileRow, ctx: Pick<RequestCtx, "storage" | "clock">): Schemas["User"] {
  const { user, workspace, subscription } = row;
  return {
    id: user.id,
    email: user.email,
    status: user.status,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    company: user.company,
    businessType: user.businessType,
    country: user.country,
    industry: user.industry,
    profilePicture: user.profilePicture ? ctx.storage.urlOf(user.profilePicture) : null,
    subscription: {
      type: subscription?.plan ?? "starter",
      status: effectiveStatus(subscription, ctx.clock.now()),
      endDate: subscription?.endDate?.toISOString() ?? null,
    },
    defaultIndustry: user.defaultIndustry,
    defaultCountry: user.defaultCountry,
    isFirstTime: user.isFirstTime,
    workspace: { id: workspace.id, name: workspace.name, role: user.role },
    pendingInvitation: pendingInvitationOf(row, ctx.clock.now()),
    timeZone: user.timeZone,
  };
}

/** The invitation the account signed up with, while it can still be accepted and the account has not joined it. */
function pendingInvitationOf(row: UserProfileRow, now: Date): Schemas["User"]["pendingInvitation"] {
  const { id, email, expiresAt, workspaceId, workspaceName, ...inviter } = row.invitation ?? {};
  if (!id || !email || !expiresAt || !workspaceName || expiresAt <= now || workspaceId === row.workspace.id) {
    return null;
  }
  const inviterName = `${inviter.inviterFirstName ?? ""} ${inviter.inviterLastName ?? ""}`.trim();
  return { id, workspaceName, inviterName: inviterName || null, email, expiresAt: expiresAt.toISOString() };
}

export async function getMe(ctx: RequestCtx): Promise<Schemas["User"]> {
  const row = await findUserProfile(ctx.db, signedIn(ctx));
  if (!row) throw new AppError("UNAUTHORIZED", 401, "Unauthorized");
  return toUserDto(row, ctx);
}

/** Checks what the contract's schema cannot: names of spaces, unknown countries and industries. */
async function profileChanges(ctx: RequestCtx, body: Schemas["UpdateUserRequest"]): Promise<ProfileChanges> {
  const problems: ErrorDetail[] = [];
  const required = (value: string | undefined, path: string) => {
    if (value === undefined) return undefined;
    const trimmed = value.trim();
    if (!trimmed) problems.push({ path, message: "This is a required field" });
    return trimmed;
  };
  const country = (value: string | null | undefined, path: string) => {
    if (value && !isKnownCountry(value)) problems.push({ path, message: "Choose a country from the list" });
    return value;
  };
  const industry = async (value: string | null | undefined, path: string) => {
    if (value === "" && path === "/industry") problems.push({ path, message: "This is a required field" });
    else if (value && !(await industryExists(ctx.db, { id: value })))
      problems.push({ path, message: "Choose an industry from the list" });
    return value === "" ? null : value;
  };
  const phone = body.phone === undefined ? undefined : body.phone?.trim() || null;
  const changes: ProfileChanges = {
    firstName: required(body.firstName, "/firstName"),
    lastName: required(body.lastName, "/lastName"),
    company: required(body.company, "/company"),
    phone,
    businessType: body.businessType,
    country: country(body.country, "/country"),
    industry: await industry(body.industry, "/industry"),
    defaultCountry: country(body.defaultCountry, "/defaultCountry"),
    defaultIndustry: await industry(body.defaultIndustry, "/defaultIndustry"),
    isFirstTime: body.isFirstTime,
    timeZone: timeZone(body.timeZone, problems),
  };
  const first = problems[0];
  if (first)
    throw new AppError("VALIDATION_FAILED", 400, `${first.path?.slice(1)}: ${first.message}`, problems);
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
}

export async function updateUser(
  ctx: RequestCtx,
  body: Schemas["UpdateUserRequest"],
): Promise<Schemas["User"]> {
  const caller = signedIn(ctx);
  const changes = await profileChanges(ctx, body);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const user = await findUserById(tx, caller);
    if (!user) throw new AppError("UNAUTHORIZED", 401, "Unauthorized");
    await updateUserProfile(tx, { ...caller, changes, now });
    // The owner's company names the workspace (it is named after the owner until then).
    if (changes.company && user.role === "owner") {
      await renameWorkspace(tx, { workspaceId: caller.workspaceId, name: changes.company });
    }
  });
  return getMe(ctx);
}

export async function changePassword(
  ctx: RequestCtx,
  body: Schemas["ChangePasswordRequest"],
): Promise<Message> {
  const caller = signedIn(ctx);
  assertNewPassword(body.password, body.passwordConfirmation);
  const user = await findUserById(ctx.db, caller);
  if (!user) throw new AppError("UNAUTHORIZED", 401, "Unauthorized");
  if (!user.passwordHash) {
    throw new AppError(
      "NO_PASSWORD",
      400,
      "Your account signs in through a social provider and has no password yet. Use “Forgot password” to set one.",
    );
  }
  await guardAttempt(ctx, "change-password", caller.userId);
  if (!(await ctx.passwords.verify(user.passwordHash, body.currentPassword))) {
    logAuthEvent(ctx, "change-password", {
      outcome: "failure",
      userId: user.id,
      reason: "wrong-current-password",
    });
    throw new AppError("INVALID_CURRENT_PASSWORD", 400, "Your current password is not correct.", [
      { path: "/currentPassword", message: "Your current password is not correct." },
    ]);
  }
  await recordSuccess(ctx, "change-password", caller.userId);
  const passwordHash = await ctx.passwords.hash(body.password);
  const now = ctx.clock.now();
  const revoked = await ctx.db.transaction(async (tx) => {
    await updateUserPassword(tx, { userId: user.id, workspaceId: user.workspaceId, passwordHash, now });
    await deleteCodes(tx, { userId: user.id, purposes: ["reset-password", "reset-token"] });
    return revokeUserSessions(tx, {
      userId: user.id,
      reason: "password-changed",
      now,
      exceptSessionId: caller.sessionId,
    });
  });
  logAuthEvent(ctx, "change-password", {
    outcome: "success",
    userId: user.id,
    reason: `${revoked} other sessions revoked`,
  });
  return { message: "Your password has been changed. You were signed out everywhere else." };
}

export async function updateProfilePicture(
  ctx: RequestCtx,
  request: FastifyRequest,
): Promise<Schemas["ProfilePictureResponse"]> {
  const caller = signedIn(ctx);
  const file = await readUploadedFile(request, { field: "file", maxBytes: PICTURE_MAX_BYTES });
  const picture = await reencodePicture(file.data);
  const key = `avatars/${caller.userId}-${randomToken(9)}.webp`;
  await ctx.storage.put(key, picture, "image/webp");
  const previous = await findUserById(ctx.db, caller);
  await updateProfilePictureKey(ctx.db, { ...caller, key, now: ctx.clock.now() });
  if (previous?.profilePicture) await removeStored(ctx, [previous.profilePicture]);
  return { profilePicture: ctx.storage.urlOf(key) };
}

/** Best effort: a picture left behind is only clutter, never a reason to fail the request. */
async function removeStored(ctx: RequestCtx, keys: (string | null)[]): Promise<void> {
  for (const key of keys) {
    if (!key) continue;
    await ctx.storage
      .delete(key)
      .catch((error: unknown) => ctx.log.warn({ err: error, key }, "Could not remove a stored file"));
  }
}

export async function deactivateUser(ctx: RequestCtx): Promise<Message> {
  const caller = signedIn(ctx);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const user = await findUserById(tx, caller);
    if (!user) throw new AppError("UNAUTHORIZED", 401, "Unauthorized");
    // Members who could no longer reach their owner: the workspace is handed over first (docs/decisions.md "Workspaces and team").
    if (user.role === "owner" && (await countMembers(tx, caller)) > 1) {
      throw new AppError(
        "OWNER_MUST_TRANSFER",
        409,
        "You own this workspace and it has other members. Transfer the ownership to one of them in Settings, Team, before you deactivate your account.",
      );
    }
    await updateUserStatus(tx, { ...caller, from: "confirmed", to: "deactivated", now });
    await revokeUserSessions(tx, { userId: caller.userId, reason: "deactivated", now });
  });
  logAuthEvent(ctx, "deactivate", { outcome: "success", userId: caller.userId });
  return { message: "Your account has been deactivated." };
}

export async function deleteUser(ctx: RequestCtx, body: Schemas["DeleteUserRequest"]): Promise<Message> {
  const caller = signedIn(ctx);
  const now = ctx.clock.now();
  const proof = await verifyAccessToken(body.accessToken, ctx.keys.jwt, now);
  const fresh =
    proof !== undefined &&
    proof.userId === caller.userId &&
    proof.workspaceId === caller.workspaceId &&
    (await findLiveSession(ctx.db, { ...proof, now }));
  if (!fresh) {
    logAuthEvent(ctx, "delete", {
      outcome: "failure",
      userId: caller.userId,
      reason: "stale-or-foreign-access-token",
    });
    throw new AppError(
      "REAUTHENTICATION_REQUIRED",
      403,
      "For your security, please sign in again before deleting your account.",
    );
  }
  const row = await findUserProfile(ctx.db, caller);
  if (!row) throw new AppError("UNAUTHORIZED", 401, "Unauthorized");
  const { user, workspace } = row;
  const removedPictures = [user.profilePicture];

  if (user.role === "owner") {
    // First, so that nobody keeps paying for a workspace that no longer exists (billing/cancel-subscription.ts).
    const ended = await cancelWorkspaceSubscriptions(ctx, workspace.id);
    // The members hear it from us: their e-mails are queued with the deletion, in one transaction.
    const { members, mails } = await ctx.db.transaction(async (tx) => {
      const members = await findOtherMembers(tx, { workspaceId: workspace.id, exceptUserId: user.id });
      const mails: QueuedMail[] = [];
      for (const member of members) {
        const mail = workspaceDeletedEmail({
          to: member.email,
          firstName: member.firstName,
          ownerName: `${user.firstName} ${user.lastName}`.trim(),
          workspaceName: workspace.name,
          appUrl: ctx.config.appUrl,
        });
        mails.push(await queueMail(tx, ctx, mail));
      }
      await queueCancellations(tx, ctx, { workspaceId: workspace.id, ended });
      await deleteWorkspace(tx, { workspaceId: workspace.id });
      return { members, mails };
    });
    sendQueuedMail(ctx, ...mails);
    removedPictures.push(...members.map((member) => member.profilePicture));
    logAuthEvent(ctx, "delete", {
      outcome: "success",
      userId: user.id,
      reason: `owner: workspace and ${members.length} members removed`,
    });
  } else {
    await deleteUserRow(ctx.db, caller);
    logAuthEvent(ctx, "delete", { outcome: "success", userId: user.id, reason: "member" });
  }
  await removeStored(ctx, removedPictures);
  return { message: "Your account has been deleted." };
}
