import type { Logger } from "pino";
import type { AppConfig } from "../config/env";
import type { Db } from "../db/client";
import type { Clock } from "../lib/clock";
import type { FileStorage } from "../lib/storage";
import type { JobQueue } from "./queue";

/** What a background job gets: the request context without a caller. */
export interface WorkerDeps {
  db: Db;
  config: AppConfig;
  log: Logger;
  clock: Clock;
  storage: FileStorage;
  jobs: JobQueue;
}
