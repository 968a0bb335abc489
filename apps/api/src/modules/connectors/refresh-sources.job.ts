import type { WorkerDeps } from "../../kernel/worker-deps";
import { findRefreshableConnections } from "./connections.repo";
import { isDue } from "./refresh-schedule";

/**
 * The hourly run of the daily refresh: queues a read of every connection whose hour it is, or that is overdue.
 * A refused key waits for the user; a run already queued for a workspace absorbs another (one per workspace). The reads themselves are
 * `sync-youtube` jobs, one per workspace, which recompute the brands' figures.
 */
export async function refreshSourcesJob(deps: WorkerDeps): Promise<void> {
  const now = deps.clock.now();
  const due = (await findRefreshableConnections(deps.db)).filter((c) =>
    isDue(c.workspaceId, c.lastRunAt, now),
  );
  for (const connection of due) {
    await deps.jobs.enqueue("sync-youtube", { workspaceId: connection.workspaceId });
  }
  if (due.length > 0) deps.log.info({ connections: due.length }, "Daily refresh queued");
}
