import { randomBytes } from "node:crypto";
import type { Db } from "../src/db/client";
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
  jwtKey: Uint8Array,
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
