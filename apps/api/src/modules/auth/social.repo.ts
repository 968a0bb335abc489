import { and, eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { type SocialProviderId, socialIdentities, users } from "../../db/schema";

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
