import type { Logger } from "pino";
import type { AppConfig } from "../config/env";
import { type AppKeys, appKeys } from "../config/keys";
import type { Db } from "../db/client";
import type { Clock } from "../lib/clock";
import { createMailer, type Mailer } from "../lib/mailer";
import { createStorage, type FileStorage } from "../lib/storage";
import { createPaymentProviders, type PaymentProviders } from "../modules/billing/providers/provider-for";
import type { JobQueue } from "./queue";

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

/** A job's dependencies from the configuration, each replaceable (a test's clock, mail sink or payments). */
export function createWorkerDeps(
  o: Pick<WorkerDeps, "db" | "config" | "log" | "clock" | "jobs"> & Partial<WorkerDeps>,
): WorkerDeps {
  return {
    ...o,
    storage: o.storage ?? createStorage(o.config, o.db),
    mailer: o.mailer ?? createMailer({ smtpUrl: o.config.smtpUrl, from: o.config.mailFrom, log: o.log }),
    keys: o.keys ?? appKeys(o.config.jwtSecret),
    payments: o.payments ?? createPaymentProviders(o.config, o.clock),
  };
}
