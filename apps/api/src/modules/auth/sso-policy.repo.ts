import { and, eq, gt, isNotNull, ne, or } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { ssoConnections, ssoDomains, subscriptions } from "../../db/schema";

/**
 * The workspace whose "require SSO" covers this e-mail domain: it verified the domain, turned the option on, and is
 * on Enterprise. The plan test is billing's effectivePlan (a cancelled subscription counts as Starter once its end
 * date has passed), written in SQL here because the auth module sits below billing: a lapsed plan must never lock
 * members out.
 */
export async function findSsoRequirement(db: Queryable, p: { domain: string; now: Date }) {
  const [row] = await db
    .select({ workspaceId: ssoDomains.workspaceId })
    .from(ssoDomains)
    .innerJoin(ssoConnections, eq(ssoConnections.workspaceId, ssoDomains.workspaceId))
    .innerJoin(subscriptions, eq(subscriptions.workspaceId, ssoDomains.workspaceId))
    .where(
      and(
        eq(ssoDomains.domain, p.domain),
        isNotNull(ssoDomains.verifiedAt),
        eq(ssoConnections.requireSso, true),
        eq(subscriptions.plan, "enterprise"),
        or(ne(subscriptions.status, "cancelled"), gt(subscriptions.endDate, p.now)),
      ),
    );
  return row;
}
