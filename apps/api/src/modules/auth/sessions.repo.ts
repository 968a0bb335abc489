import { and, eq, gt, isNull, lte, ne, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { refreshTokens, sessions, users } from "../../db/schema";
import { forgetSessionChecks } from "../../kernel/session-checks";

/** True when the session exists for this user and workspace, is neither revoked nor over, and the user is confirmed. */
export async function findLiveSession(
  db: Queryable,
  p: { userId: string; workspaceId: string; sessionId: string; now: Date },
): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, p.sessionId),
        eq(sessions.userId, p.userId),
        eq(users.workspaceId, p.workspaceId),
        eq(users.status, "confirmed"),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, p.now),
      ),
    );
  return row !== undefined;
}

export async function insertSession(db: Queryable, p: { userId: string; now: Date; expiresAt: Date }) {
  const [row] = await db
    .insert(sessions)
    .values({ userId: p.userId, createdAt: p.now, expiresAt: p.expiresAt })
    .returning({ id: sessions.id });
  if (!row) throw new Error("session insert returned no row");
  return row;
}

export async function insertRefreshToken(
  db: Queryable,
  p: { sessionId: string; tokenHash: string; now: Date },
) {
  await db.insert(refreshTokens).values({ sessionId: p.sessionId, tokenHash: p.tokenHash, createdAt: p.now });
}

/** The refresh token with its session and user, locked for the rotation that follows. */
export async function findRefreshTokenForUpdate(db: Queryable, p: { tokenHash: string }) {
  const [row] = await db
    .select({
      id: refreshTokens.id,
      rotatedAt: refreshTokens.rotatedAt,
      sessionId: sessions.id,
      sessionExpiresAt: sessions.expiresAt,
      sessionRevokedAt: sessions.revokedAt,
      userId: users.id,
      workspaceId: users.workspaceId,
      email: users.email,
      status: users.status,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(refreshTokens.tokenHash, p.tokenHash))
    .for("update", { of: refreshTokens });
  return row;
}

export async function markRefreshTokenRotated(db: Queryable, p: { id: string; now: Date }) {
  await db.update(refreshTokens).set({ rotatedAt: p.now }).where(eq(refreshTokens.id, p.id));
}

export async function revokeSession(
  db: Queryable,
  p: { sessionId: string; userId: string; reason: string; now: Date },
) {
  forgetSessionChecks();
  await db
    .update(sessions)
    .set({ revokedAt: p.now, revokedReason: p.reason })
    .where(and(eq(sessions.id, p.sessionId), eq(sessions.userId, p.userId), isNull(sessions.revokedAt)));
}

/** Revokes every live session of the user, or every one but `exceptSessionId`. Returns how many. */
export async function revokeUserSessions(
  db: Queryable,
  p: { userId: string; reason: string; now: Date; exceptSessionId?: string },
): Promise<number> {
  forgetSessionChecks();
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: p.now, revokedReason: p.reason })
    .where(
      and(
        eq(sessions.userId, p.userId),
        isNull(sessions.revokedAt),
        p.exceptSessionId ? ne(sessions.id, p.exceptSessionId) : sql`true`,
      ),
    )
    .returning({ id: sessions.id });
  return revoked.length;
}

/** Housekeeping: sessions over for a day (their refresh tokens go with them). */
export async function deleteEndedSessions(db: Queryable, p: { before: Date }) {
  await db.delete(sessions).where(lte(sessions.expiresAt, p.before));
}
