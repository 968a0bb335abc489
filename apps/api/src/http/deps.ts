import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "../config/env";
import { type AppKeys, appKeys } from "../config/keys";
import type { Db } from "../db/client";
import type { JobQueue } from "../jobs/queue";
import { type Clock, systemClock } from "../lib/clock";
import { createMailer, type Mailer } from "../lib/mailer";
import { createStorage, type FileStorage } from "../lib/storage";
import { createSocialProviders, type SocialProviders } from "../modules/auth/oidc";
import { createPasswordHasher, type PasswordHasher } from "../modules/auth/passwords";
import { createPaymentProviders, type PaymentProviders } from "../modules/billing/providers/provider-for";

/** What the services use besides the database: each replaceable in tests (a moving clock, a mail sink…). */
export interface AppDeps {
  clock: Clock;
  mailer: Mailer;
  storage: FileStorage;
  passwords: PasswordHasher;
  social: SocialProviders;
  /** The card payment provider: Stripe or the built-in sandbox, by configuration. */
  payments: PaymentProviders;
  /** Background jobs (pg-boss): main.ts and the test app start the queue and its workers. */
  jobs: JobQueue;
  keys: AppKeys;
}

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
    keys: overrides.keys ?? appKeys(config.jwtSecret),
  };
}

/** For an app built without a job queue (tests of other modules): asking it for work is a bug. */
const jobsNotStarted: JobQueue = {
  enqueue: () => Promise.reject(new Error("The job queue was not started")),
  work: () => Promise.reject(new Error("The job queue was not started")),
  stop: () => Promise.resolve(),
};
