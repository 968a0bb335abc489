import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { addMs, DAY_MS } from "../../lib/clock";
import { randomToken, sha256 } from "../../lib/crypto";
import { logAuthEvent } from "./auth-log";
import { signAccessToken, signIdToken } from "./id-token";
import {
  findRefreshTokenForUpdate,
  insertRefreshToken,
  insertSession,
  markRefreshTokenRotated,
  revokeSession,
} from "./sessions.repo";

/**
 * docs/decisions.md "Accounts and tokens": a sign-in's refresh tokens rotate, but the sign-in itself ends 30 days
 * after it began.
 */
export const SESSION_LIFETIME_MS = 30 * DAY_MS;

export interface SessionTokens {
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

/**
 * A new sign-in: its session, first refresh token, idToken (the bearer) and accessToken (fresh sign-in proof).
 * `viaSso`: begun through the workspace's single sign-on, so "require SSO" lets it live on.
 */
export async function startSession(
  ctx: RequestCtx,
  user: { id: string; workspaceId: string },
  o: { viaSso?: boolean } = {},
): Promise<SessionTokens> {
  const now = ctx.clock.now();
  const refreshToken = randomToken();
  const session = await ctx.db.transaction(async (tx) => {
    const created = await insertSession(tx, {
      userId: user.id,
      viaSso: o.viaSso ?? false,
      now,
      expiresAt: addMs(now, SESSION_LIFETIME_MS),
    });
    await insertRefreshToken(tx, { sessionId: created.id, tokenHash: sha256(refreshToken), now });
    return created;
  });
  const subject = { userId: user.id, workspaceId: user.workspaceId, sessionId: session.id };
  return {
    idToken: await signIdToken(subject, ctx.keys.jwt.current, now, ctx.config.idTokenTtlSeconds),
    accessToken: await signAccessToken(subject, ctx.keys.jwt.current, now),
    refreshToken,
  };
}

const sessionEnded = () =>
  new AppError("SESSION_EXPIRED", 401, "Your session has ended. Please sign in again.");

type Rotation =
  | { ok: true; userId: string; workspaceId: string; sessionId: string; refreshToken: string }
  | { ok: false; reason: string; userId?: string };

/**
 * Exchanges a refresh token for a new idToken and the next refresh token. A token that was already
 * exchanged means it leaked (or was replayed): the whole session is revoked.
 */
export async function refreshSession(
  ctx: RequestCtx,
  body: { email: string; refreshToken: string },
): Promise<{ idToken: string; refreshToken: string }> {
  const now = ctx.clock.now();
  const rotation = await ctx.db.transaction(async (tx): Promise<Rotation> => {
    const row = await findRefreshTokenForUpdate(tx, { tokenHash: sha256(body.refreshToken) });
    if (!row) return { ok: false, reason: "unknown-token" };
    if (row.email.toLowerCase() !== body.email.trim().toLowerCase()) {
      return { ok: false, reason: "email-mismatch", userId: row.userId };
    }
    if (row.rotatedAt) {
      await revokeSession(tx, {
        sessionId: row.sessionId,
        userId: row.userId,
        reason: "refresh-token-reuse",
        now,
      });
      return { ok: false, reason: "reused-token-session-revoked", userId: row.userId };
    }
    if (row.sessionRevokedAt) return { ok: false, reason: "session-revoked", userId: row.userId };
    if (row.sessionExpiresAt <= now) return { ok: false, reason: "session-expired", userId: row.userId };
    if (row.status !== "confirmed") return { ok: false, reason: `account-${row.status}`, userId: row.userId };
    const next = randomToken();
    await markRefreshTokenRotated(tx, { id: row.id, now });
    await insertRefreshToken(tx, { sessionId: row.sessionId, tokenHash: sha256(next), now });
    return {
      ok: true,
      userId: row.userId,
      workspaceId: row.workspaceId,
      sessionId: row.sessionId,
      refreshToken: next,
    };
  });
  if (!rotation.ok) {
    logAuthEvent(ctx, "refresh", {
      outcome: "failure",
      reason: rotation.reason,
      ...(rotation.userId ? { userId: rotation.userId } : { email: body.email }),
    });
    throw sessionEnded();
  }
  logAuthEvent(ctx, "refresh", { outcome: "success", userId: rotation.userId });
  const { userId, workspaceId, sessionId } = rotation;
  return {
    idToken: await signIdToken(
      { userId, workspaceId, sessionId },
      ctx.keys.jwt.current,
      now,
      ctx.config.idTokenTtlSeconds,
    ),
    refreshToken: rotation.refreshToken,
  };
}
