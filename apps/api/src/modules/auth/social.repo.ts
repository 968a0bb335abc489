import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { pendingSocialLogins, type SocialProviderId, socialIdentities, users } from "../../db/schema";

export async function insertPendingSocialLogin(
  db: Queryable,
  p: {
    stateHash: string;
    provider: SocialProviderId;
    redirectUri: string;
    nonce: string;
    codeVerifier: string;
    browserHash: string;
    now: Date;
    expiresAt: Date;
  },
) {
  await db.insert(pendingSocialLogins).values({
    stateHash: p.stateHash,
    provider: p.provider,
    redirectUri: p.redirectUri,
    nonce: p.nonce,
    codeVerifier: p.codeVerifier,
    browserHash: p.browserHash,
    createdAt: p.now,
    expiresAt: p.expiresAt,
  });
}

/** Takes (deletes and returns) the unexpired pending sign-in of this state and provider: single use. */
export async function takePendingSocialLogin(
  db: Queryable,
  p: { stateHash: string; provider: SocialProviderId; now: Date },
) {
  const [row] = await db
    .delete(pendingSocialLogins)
    .where(
      and(
        eq(pendingSocialLogins.stateHash, p.stateHash),
        eq(pendingSocialLogins.provider, p.provider),
        gt(pendingSocialLogins.expiresAt, p.now),
      ),
    )
    .returning({
      redirectUri: pendingSocialLogins.redirectUri,
      nonce: pendingSocialLogins.nonce,
      codeVerifier: pendingSocialLogins.codeVerifier,
      browserHash: pendingSocialLogins.browserHash,
      givenName: pendingSocialLogins.givenName,
      familyName: pendingSocialLogins.familyName,
    });
  return row;
}

/**
 * A form_post callback: keeps the name the provider sent with it on the unexpired pending sign-in of this state
 * and provider (which stays for socialLogIn to take). False when there is no such sign-in.
 */
export async function notePendingSocialLoginCallback(
  db: Queryable,
  p: { stateHash: string; provider: SocialProviderId; now: Date; givenName?: string; familyName?: string },
): Promise<boolean> {
  const rows = await db
    .update(pendingSocialLogins)
    .set({
      givenName: sql`coalesce(${p.givenName ?? null}::text, ${pendingSocialLogins.givenName})`,
      familyName: sql`coalesce(${p.familyName ?? null}::text, ${pendingSocialLogins.familyName})`,
    })
    .where(
      and(
        eq(pendingSocialLogins.stateHash, p.stateHash),
        eq(pendingSocialLogins.provider, p.provider),
        gt(pendingSocialLogins.expiresAt, p.now),
      ),
    )
    .returning({ id: pendingSocialLogins.id });
  return rows.length > 0;
}

export async function findUserBySocialIdentity(
  db: Queryable,
  p: { provider: SocialProviderId; subject: string },
) {
  const [row] = await db
    .select({ user: users })
    .from(socialIdentities)
    .innerJoin(users, eq(users.id, socialIdentities.userId))
    .where(and(eq(socialIdentities.provider, p.provider), eq(socialIdentities.subject, p.subject)));
  return row?.user;
}

export async function insertSocialIdentity(
  db: Queryable,
  p: { userId: string; provider: SocialProviderId; subject: string; email: string; now: Date },
) {
  await db
    .insert(socialIdentities)
    .values({ userId: p.userId, provider: p.provider, subject: p.subject, email: p.email, createdAt: p.now })
    .onConflictDoNothing();
}

/** Housekeeping: sign-ins abandoned at the provider. */
export async function deleteExpiredPendingSocialLogins(db: Queryable, p: { now: Date }) {
  await db.delete(pendingSocialLogins).where(lte(pendingSocialLogins.expiresAt, p.now));
}
