import type { WorkerDeps } from "../../kernel/worker-deps";
import { findWebsiteReadTimes } from "../website";
import { findRefreshableConnections } from "./connections.repo";
import { PROVIDERS } from "./providers";
import { isDue } from "./refresh-schedule";

/**
 * The hourly run of the daily refresh: queues a read of every connection and every company's website whose hour
 * it is (its workspace's), or that is overdue. A refused key or grant, or a property to choose, waits for the user; a run already queued absorbs
 * another (one per brand and provider for a connection, one per company for a website). The reads themselves are
 * `sync-youtube`, `sync-search-console`, `sync-instagram` and `sync-google-ads` jobs, one per brand and provider (each
 * brand has its own connections, read for and written to that brand), and `collect-brand` jobs marked daily; each recomputes the figures.
 */
export async function refreshSourcesJob(deps: WorkerDeps): Promise<void> {
  const now = deps.clock.now();
  const due = (await findRefreshableConnections(deps.db)).filter((c) =>
    isDue(c.workspaceId, c.lastRunAt, now),
  );
  for (const connection of due) {
    await deps.jobs.enqueue(PROVIDERS[connection.provider].job, {
      workspaceId: connection.workspaceId,
      brandId: connection.brandId,
    });
  }
  const websites = (await findWebsiteReadTimes(deps.db)).filter(
    (w) => w.workspaceId !== null && isDue(w.workspaceId, w.lastRunAt, now),
  );
  for (const website of websites) {
    await deps.jobs.enqueue("collect-brand", { brandId: website.brandId, daily: true });
  }
  if (due.length > 0 || websites.length > 0) {
    deps.log.info({ connections: due.length, websites: websites.length }, "Daily refresh queued");
  }
}
