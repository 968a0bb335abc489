import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { SigningKey } from "../src/config/keys";
import type { Db } from "../src/db/client";
import { users, workspaces } from "../src/db/schema";
import { addMs } from "../src/lib/clock";
import { createAccount } from "../src/modules/accounts/accounts";
import { signAccessToken, signIdToken } from "../src/modules/auth/id-token";
import { SESSION_LIFETIME_MS } from "../src/modules/auth/sessions";
import { insertSession } from "../src/modules/auth/sessions.repo";

export interface SeededUser {
  userId: string;
  workspaceId: string;
  sessionId: string;
  email: string;
  /** `Bearer <idToken>` of the seeded session. */
  authorization: string;
  /** The session's accessToken: the proof of a fresh sign-in that deleting the account asks for. */
  accessToken: string;
}

/**
 * A confirmed account with a live session, written straight to the database: for tests about something other
 * than signing up (the auth tests go through the API instead).
 */
export async function seedSignedInUser(
  db: Db,
  jwtKey: SigningKey,
  o: { now?: Date; email?: string } = {},
): Promise<SeededUser> {
  const now = o.now ?? new Date();
  const email = o.email ?? `seeded-${randomBytes(4).toString("hex")}@example.com`;
  return db.transaction(async (tx) => {
    const user = await createAccount(tx, {
      email,
      firstName: "Sam",
      lastName: "Seed",
      passwordHash: null,
      status: "confirmed",
      now,
    });
    const session = await insertSession(tx, {
      userId: user.id,
      now,
      expiresAt: addMs(now, SESSION_LIFETIME_MS),
    });
    const subject = { userId: user.id, workspaceId: user.workspaceId, sessionId: session.id };
    return {
      ...subject,
      email,
      authorization: `Bearer ${await signIdToken(subject, jwtKey, now)}`,
      accessToken: await signAccessToken(subject, jwtKey, now),
    };
  });
}

/**
 * A workspace with an owner, an admin and a member, each signed in: seeded straight to the database (the roles'
 * tests hold each role to each operation; joining through the API is the workspace tests' subject).
 */
export async function seedTeam(
  db: Db,
  jwtKey: SigningKey,
  o: { now?: Date } = {},
): Promise<Record<"owner" | "admin" | "member", SeededUser>> {
  const now = o.now ?? new Date();
  const owner = await seedSignedInUser(db, jwtKey, { now });
  const joined = async (role: "admin" | "member") => {
    const seeded = await seedSignedInUser(db, jwtKey, { now });
    await db
      .update(users)
      .set({ workspaceId: owner.workspaceId, role, isFirstTime: false })
      .where(eq(users.id, seeded.userId));
    await db.delete(workspaces).where(eq(workspaces.id, seeded.workspaceId));
    const subject = { userId: seeded.userId, workspaceId: owner.workspaceId, sessionId: seeded.sessionId };
    return {
      ...seeded,
      ...subject,
      authorization: `Bearer ${await signIdToken(subject, jwtKey, now)}`,
      accessToken: await signAccessToken(subject, jwtKey, now),
    };
  };
  return { owner, admin: await joined("admin"), member: await joined("member") };
}
