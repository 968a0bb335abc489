import type { AppKeys } from "../config/keys";
import type { Clock } from "../lib/clock";
import type { Mailer } from "../lib/mailer";
import type { JobQueue } from "./job-queue";
import type { PaymentProviders } from "./payment-provider";
import type { PasswordHasher, SocialProviders } from "./ports";
import type { FileStorage } from "./storage";

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
  /**
   * How long a request may compute a custom range's figures before it answers 202 and a job finishes them
   * (modules/analytics/module-context.ts CUSTOM_RANGE_COMPUTE_MS when not set; tests shorten it).
   */
  customRangeComputeMs?: number;
}
