import { appKeys } from "../config/keys";
import { keyMaterialReader } from "../db/credential-keys";
import { createStorage } from "../kernel/storage";
import type { WorkerDeps } from "../kernel/worker-deps";
import { createMailer } from "../lib/mailer";
import { createPaymentProviders } from "../modules/billing/providers/provider-for";

/** A job's dependencies from the configuration, each replaceable (a test's clock, mail sink or payments). */
export function createWorkerDeps(
  o: Pick<WorkerDeps, "db" | "config" | "log" | "clock" | "jobs"> & Partial<WorkerDeps>,
): WorkerDeps {
  return {
    ...o,
    storage: o.storage ?? createStorage(o.config, o.db),
    mailer: o.mailer ?? createMailer({ smtpUrl: o.config.smtpUrl, from: o.config.mailFrom, log: o.log }),
    keys: o.keys ?? appKeys(o.config, keyMaterialReader(o.config, o.db)),
    payments: o.payments ?? createPaymentProviders(o.config, o.clock),
  };
}
