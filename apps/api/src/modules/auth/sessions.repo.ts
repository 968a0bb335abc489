import { and, eq, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { clientOf, type Db, type Queryable } from "../../db/client";
import type { KeptStatement } from "../../db/notified-tables";
import { refreshTokens, sessions, users } from "../../db/schema";
import { parsedRows, type RowOf, selection } from "../../db/typed-rows";

/** What liveSessionStatement reads of a session (db/typed-rows.ts). */
export const LIVE_SESSION_COLUMNS = selection({
  expires_at: alias(sessions, "s").expiresAt,
  role: alias(users, "u").role,
});

const LIVE_SESSION = `select ${LIVE_SESSION_COLUMNS.text} from sessions s join users u on u.id = s.user_id
  where s.id = $1 and s.user_id = $2 and u.workspace_id = $3 and u.status = 'confirmed' and s.revoked_at is null`;

interface SessionSubject {
  userId: string;
  workspaceId: string;
  sessionId: string;
}

/**
 * The session of a bearer, if it is not revoked and its user is confirmed in the workspace the bearer names. Every
 * request's bearer is checked so: the read model keeps the statement's rows in memory until `sessions` or `users`
 * changes (http/authenticate.ts), and whether the session is over is judged per request (`isLive`).
 */
export const liveSessionStatement = (p: SessionSubject): KeptStatement => ({
  name: "live-session",
  text: LIVE_SESSION,
  values: [p.sessionId, p.userId, p.workspaceId],
  tables: ["sessions", "users"],
});

/** The caller's role in the workspace if the rows of liveSessionStatement hold a session not over at `now`. */
export const liveRole = (rows: readonly LiveSessionRow[], now: Date) =>
  rows.find((row) => row.expires_at.getTime() > now.getTime())?.role;

/** Whether the rows of liveSessionStatement hold a session that is not over at `now`. */
const isLive = (rows: readonly LiveSessionRow[], now: Date) => liveRole(rows, now) !== undefined;

export type LiveSessionRow = RowOf<(typeof LIVE_SESSION_COLUMNS)["fields"]>;

/** True when the session exists for this user and workspace, is neither revoked nor over, and the user is confirmed. */
export async function findLiveSession(db: Db, p: SessionSubject & { now: Date }): Promise<boolean> {
  const statement = liveSessionStatement(p);
  const { rows } = await clientOf(db).query(statement);
  return isLive(parsedRows(LIVE_SESSION_COLUMNS, statement.text, rows), p.now);
}

export async function insertSession(
  db: Queryable,
  p: { userId: string; viaSso?: boolean; now: Date; expiresAt: Date },
) {
  const [row] = await db
    .insert(sessions)
    .values({ userId: p.userId, viaSso: p.viaSso ?? false, createdAt: p.now, expiresAt: p.expiresAt })
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

/**
 * "Require SSO" turned on: ends the live sessions not begun through single sign-on of the workspace's members whose
 * own e-mail is in one of `domains`, but not the owner's (their password is the break-glass way in). Returns how many.
 */
export async function revokeNonSsoSessionsInDomains(
  db: Queryable,
  p: { workspaceId: string; domains: string[]; reason: string; now: Date },
): Promise<number> {
  if (p.domains.length === 0) return 0;
  const members = db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.workspaceId, p.workspaceId),
        ne(users.role, "owner"),
        inArray(sql`lower(substring(${users.email} from '@([^@]*)$'))`, p.domains),
      ),
    );
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: p.now, revokedReason: p.reason })
    .where(and(inArray(sessions.userId, members), eq(sessions.viaSso, false), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length;
}

/** Housekeeping: sessions over for a day (their refresh tokens go with them). */
export async function deleteEndedSessions(db: Queryable, p: { before: Date }) {
  await db.delete(sessions).where(lte(sessions.expiresAt, p.before));
}
