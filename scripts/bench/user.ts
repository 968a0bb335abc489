import { randomBytes } from "node:crypto";
import type { Db, TokenSubject } from "@brandscope/api/bench-support";
import {
  addMs,
  createAccount,
  insertSession,
  jwtKey,
  SESSION_LIFETIME_MS,
  signIdToken,
  subscriptions,
} from "@brandscope/api/bench-support";
import { eq } from "drizzle-orm";

export interface BenchUser {
  email: string;
  workspaceId: string;
  /** A fresh `Bearer <idToken>` (they live 15 minutes, so each endpoint's run gets its own). */
  authorization(): Promise<string>;
}

/**
 * A confirmed Professional account with a live session, written straight to the database with the API's own
 * functions (signing up through the API needs an e-mailed code). Professional sees the full lists.
 */
export async function seedProfessionalUser(db: Db, jwtSecret: string): Promise<BenchUser> {
  const now = new Date();
  const email = `bench-${randomBytes(4).toString("hex")}@example.com`;
  const subject = await db.transaction(async (tx): Promise<TokenSubject> => {
    const user = await createAccount(tx, {
      email,
      firstName: "Bench",
      lastName: "Mark",
      passwordHash: null,
      status: "confirmed",
      now,
    });
    await tx
      .update(subscriptions)
      .set({ plan: "professional", status: "active", endDate: null, updatedAt: now })
      .where(eq(subscriptions.workspaceId, user.workspaceId));
    const session = await insertSession(tx, {
      userId: user.id,
      now,
      expiresAt: addMs(now, SESSION_LIFETIME_MS),
    });
    return { userId: user.id, workspaceId: user.workspaceId, sessionId: session.id };
  });
  const key = jwtKey(jwtSecret);
  return {
    email,
    workspaceId: subject.workspaceId,
    authorization: async () => `Bearer ${await signIdToken(subject, key)}`,
  };
}

/** Connects the sample brand (with as many competitors as Professional allows) through the API. */
export async function connectSampleBrand(baseUrl: string, user: BenchUser): Promise<void> {
  const response = await fetch(`${baseUrl}/api/brand`, {
    method: "POST",
    headers: { authorization: await user.authorization(), "content-type": "application/json" },
    body: JSON.stringify({ sample: true }),
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) {
    throw new Error(`POST /api/brand {"sample":true} answered ${response.status}: ${await response.text()}`);
  }
}
