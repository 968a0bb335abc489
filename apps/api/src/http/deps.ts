import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "../config/env";
import { appKeys } from "../config/keys";
import type { Db } from "../db/client";
import { keyMaterialReader } from "../db/credential-keys";
import type { AppDeps } from "../kernel/deps";
import type { JobQueue } from "../kernel/job-queue";
import { createStorage } from "../kernel/storage";
import { systemClock } from "../lib/clock";
import { createMailer } from "../lib/mailer";
import { createSocialProviders } from "../modules/auth/oidc";
import { createPasswordHasher } from "../modules/auth/passwords";
import { createPaymentProviders } from "../modules/billing/providers/provider-for";

export function createDeps(
  config: AppConfig,
  db: Db,
  log: FastifyBaseLogger,
  overrides: Partial<AppDeps> = {},
): AppDeps {
  const clock = overrides.clock ?? systemClock;
  return {
    clock,
    mailer: overrides.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log }),
    storage: overrides.storage ?? createStorage(config, db),
    passwords: overrides.passwords ?? createPasswordHasher(config.passwordHashing),
    social: overrides.social ?? createSocialProviders(config.oidc),
    payments: overrides.payments ?? createPaymentProviders(config, clock),
    jobs: overrides.jobs ?? jobsNotStarted,
    keys: overrides.keys ?? appKeys(config, keyMaterialReader(config, db)),
    ...(overrides.customRangeComputeMs === undefined
      ? {}
      : { customRangeComputeMs: overrides.customRangeComputeMs }),
  };
}

/** For an app built without a job queue (tests of other modules): asking it for work is a bug. */
const jobsNotStarted: JobQueue = {
  enqueue: () => Promise.reject(new Error("The job queue was not started")),
  work: () => Promise.reject(new Error("The job queue was not started")),
  stop: () => Promise.resolve(),
};
