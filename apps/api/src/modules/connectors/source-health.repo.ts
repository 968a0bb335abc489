import { and, eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { connectedChannels, connections, websiteReads } from "../../db/schema";

/** The brand's connections with what each last read of it (its channel's problem, when it has one). */
export function findConnectionStates(db: Queryable, p: { workspaceId: string; brandId: string }) {
  return db
    .select({
      provider: connections.provider,
      status: connections.status,
      statusReason: connections.statusReason,
      lastSuccessAt: connections.lastSuccessAt,
      channelProblem: connectedChannels.problem,
      channelTitle: connectedChannels.title,
      channelSubscribers: connectedChannels.subscribers,
      channelMediaCount: connectedChannels.mediaCount,
    })
    .from(connections)
    .leftJoin(
      connectedChannels,
      and(eq(connectedChannels.connectionId, connections.id), eq(connectedChannels.brandId, p.brandId)),
    )
    .where(and(eq(connections.workspaceId, p.workspaceId), eq(connections.brandId, p.brandId)))
    .orderBy(connections.createdAt);
}

export async function findWebsiteReadState(db: Queryable, p: { brandId: string }) {
  const [row] = await db
    .select({
      lastRunAt: websiteReads.lastRunAt,
      lastSuccessAt: websiteReads.lastSuccessAt,
      requestedAt: websiteReads.requestedAt,
      problem: websiteReads.problem,
    })
    .from(websiteReads)
    .where(eq(websiteReads.brandId, p.brandId));
  return row;
}
