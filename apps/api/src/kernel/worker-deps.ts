import type { Logger } from "pino";
import type { AppConfig } from "../config/env";
import type { AppKeys } from "../config/keys";
import type { Db } from "../db/client";
import type { Clock } from "../lib/clock";
import type { Mailer } from "../lib/mailer";
import type { JobQueue } from "./job-queue";
import type { PaymentProviders } from "./payment-provider";
import type { FileStorage } from "./storage";

/** What a background job gets: the request context without a caller. */
export interface WorkerDeps {
  db: Db;
  config: AppConfig;
  log: Logger;
  clock: Clock;
  storage: FileStorage;
  jobs: JobQueue;
  mailer: Mailer;
  keys: AppKeys;
  payments: PaymentProviders;
}
