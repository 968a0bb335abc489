import type { WorkerDeps } from "../../kernel/worker-deps";
import { deleteExpiredPendingImports } from "./imports.repo";
import { pendingSince } from "./imports.service";

/**
 * Scheduled hourly: pending imports nobody imported within PENDING_IMPORT_HOURS go, with their files (up to 50 MB
 * each), in every workspace. A workspace's own next preview or commit discards its expired ones too.
 */
export async function discardExpiredImportsJob(deps: Pick<WorkerDeps, "db" | "clock" | "log">) {
  const removed = await deleteExpiredPendingImports(deps.db, { before: pendingSince(deps.clock.now()) });
  if (removed > 0) deps.log.info({ count: removed }, "Expired pending imports discarded");
}
