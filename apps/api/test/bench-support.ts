/**
 * `@brandscope/api/bench-support` (apps/api/package.json "exports"): the parts of the server the benchmarks in
 * scripts/bench assemble and drive in their own process. They reach the API only through this entry (and
 * test-support.ts), so a file moved inside the API changes this list, not the benchmarks (.dependency-cruiser.cycles.cjs
 * "api-through-its-entries").
 */
export { apiPackageDir } from "../src/config/env";
export { jwtKey } from "../src/config/keys";
export { connectDatabase, type Db } from "../src/db/client";
export { type EmbeddedDatabase, startEmbeddedPostgres } from "../src/db/embedded";
export { migrateDatabase } from "../src/db/migrate";
export { listenForChanges } from "../src/db/read-model/change-listener";
export { brands, subscriptions, workspaceBrands } from "../src/db/schema";
export { AGE_BANDS } from "../src/domain/audience";
export { INTERESTS } from "../src/domain/interests";
export { buildApp } from "../src/http/app";
export { createWorkerDeps } from "../src/jobs/worker-deps";
export { jobHandlers } from "../src/jobs/workers";
export { startJobQueue } from "../src/kernel/job-queue";
export type { TokenSubject } from "../src/kernel/token-subject";
export { addMs, systemClock } from "../src/lib/clock";
export { findFreePort } from "../src/lib/free-port";
export { createAccount } from "../src/modules/accounts/accounts";
export { alertsAfterRecompute } from "../src/modules/alerts/evaluate";
export { computeBrandJob, type RecomputeStep } from "../src/modules/analytics/compute-brand.job";
export { signIdToken } from "../src/modules/auth/id-token";
export { SESSION_LIFETIME_MS } from "../src/modules/auth/sessions";
export { insertSession } from "../src/modules/auth/sessions.repo";
export { findSampleCatalogue } from "../src/modules/brand/brand.repo";
export { TEST_JWT_SECRET, testConfig } from "./config";
export { largeFacebookExport } from "./large-export";
export { multipart } from "./multipart";
export {
  executedNodes,
  explainAnalyze,
  explainable,
  formatPlan,
  type RecordedStatement,
  recordStatements,
} from "./statement-plans";
