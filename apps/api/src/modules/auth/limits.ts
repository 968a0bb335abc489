import { RateLimitError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from "../../lib/clock";
import { hmac } from "../../lib/crypto";
import { networkOf } from "../../lib/network";
import { claimBackoffAttempt, claimHit, deleteBucket, findBucket, releaseHit } from "./rate-limit.repo";

/** Checks that fail on a wrong secret: limited per account (back-off) and per network address (failures). */
export type GuardedAction = "login" | "confirm" | "reset" | "change-password";
/** Requests that send e-mail or create accounts: limited per network address (every request). */
export type MeteredAction = "signup" | "mail";

/**
 * docs/decisions.md "Sign-in limits": after 5 failures, back-off 1 s doubling up to 15 minutes; forgotten after a
 * day without one.
 */
export const BACKOFF = {
  freeFailures: 5,
  firstDelayMs: SECOND_MS,
  maxDelayMs: 15 * MINUTE_MS,
  memoryMs: DAY_MS,
};
/**
 * Per network (an IPv4 address, an IPv6 /64: lib/network.ts): failed secrets of any account, and requests that
 * send mail or create accounts.
 */
export const IP_LIMITS = {
  failures: { max: 20, windowMs: 15 * MINUTE_MS },
  signup: { max: 10, windowMs: HOUR_MS },
  mail: { max: 10, windowMs: 15 * MINUTE_MS },
} as const;
/** One e-mailed code a minute per address and purpose. */
export const MAIL_COOL_DOWN_MS = MINUTE_MS;

export function formatWait(seconds: number): string {
  if (seconds < 120) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

const secondsUntil = (until: Date, now: Date) =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

/** A stable, non-reversible handle for an e-mail address: for limit keys and logs. */
export function emailKey(ctx: RequestCtx, email: string): string {
  return hmac(ctx.keys.hmac, `email:${email.trim().toLowerCase()}`).slice(0, 32);
}

function tooManyFromNetwork(retryAfter: number): RateLimitError {
  return new RateLimitError(
    `Too many attempts from your network. Please try again in ${formatWait(retryAfter)}.`,
    retryAfter,
  );
}

/** Every refusal is an auth failure worth a log line: the action, the account (user id or e-mail hash), the address. */
function refused(
  ctx: RequestCtx,
  action: string,
  reason: string,
  account: string | undefined,
  error: RateLimitError,
) {
  ctx.log.warn(
    { event: `auth.${action}`, outcome: "failure", reason, ...(account ? { account } : {}), ip: ctx.ip },
    `auth ${action} refused: ${reason}`,
  );
  return error;
}

const networkKey = (ctx: RequestCtx, kind: string) => `ip-${kind}:${networkOf(ctx.ip)}`;

/**
 * Before checking a secret: counts the attempt as a failure of the address and of the account in advance, each in
 * one statement, and refuses while the account is backing off or the address has failed too often. Counting first
 * is what holds the limits against parallel guesses: a check made before any of them had failed let them all
 * through. `account` is an e-mail key (unknown e-mails back off like known ones) or a user id. Call
 * `recordSuccess` when the secret was right; a wrong one stays counted.
 */
export async function guardAttempt(ctx: RequestCtx, action: GuardedAction, account: string): Promise<void> {
  const network = networkKey(ctx, "failures");
  const wait = await claimOrWait(ctx, { key: network, ...IP_LIMITS.failures });
  if (wait !== undefined) throw refused(ctx, action, "network-limit", account, tooManyFromNetwork(wait));
  const now = ctx.clock.now();
  const key = `backoff:${action}:${account}`;
  const attempt = await claimBackoffAttempt(ctx.db, { key, ...BACKOFF, now });
  if (attempt) return;
  // Refused before any secret was checked: the address did not fail this time.
  await releaseHit(ctx.db, { key: network });
  const backoff = await findBucket(ctx.db, { key, now });
  const retryAfter = backoff?.blockedUntil ? secondsUntil(backoff.blockedUntil, now) : 1;
  throw refused(
    ctx,
    action,
    "account-backing-off",
    account,
    new RateLimitError(
      `Too many failed attempts. Please wait ${formatWait(retryAfter)} before trying again.`,
      retryAfter,
    ),
  );
}

/**
 * After the right secret: the account's failures are forgotten, and the attempt no longer counts as a failure of
 * the address (its earlier failures still do).
 */
export async function recordSuccess(ctx: RequestCtx, action: GuardedAction, account: string): Promise<void> {
  await deleteBucket(ctx.db, { key: `backoff:${action}:${account}` });
  await releaseHit(ctx.db, { key: networkKey(ctx, "failures") });
}

/** Counts a request that sends mail or creates an account; refuses past the address's limit. */
export async function meterRequest(ctx: RequestCtx, action: MeteredAction): Promise<void> {
  const limit = IP_LIMITS[action];
  const wait = await claimOrWait(ctx, { key: networkKey(ctx, action), ...limit });
  if (wait !== undefined) {
    throw refused(ctx, action, "network-limit", undefined, tooManyFromNetwork(wait));
  }
}

/**
 * One e-mail of a kind per address a minute, whether or not it has an account (the answer must not tell).
 * The first call starts the cool-down; a call within it is refused.
 */
export async function coolDown(ctx: RequestCtx, kind: string, email: string): Promise<void> {
  const account = emailKey(ctx, email);
  const key = `cool-down:${kind}:${account}`;
  const wait = await claimOrWait(ctx, { key, windowMs: MAIL_COOL_DOWN_MS, max: 1 });
  if (wait !== undefined) {
    throw refused(
      ctx,
      `${kind}-mail`,
      "cool-down",
      account,
      new RateLimitError(`We just sent you a code. You can ask for a new one in ${formatWait(wait)}.`, wait),
    );
  }
}

/** Counts one hit (rate-limit.repo.ts `claimHit`); when refused, the seconds until the window ends. */
async function claimOrWait(
  ctx: Pick<RequestCtx, "db" | "clock">,
  p: { key: string; windowMs: number; max: number },
): Promise<number | undefined> {
  const now = ctx.clock.now();
  if (await claimHit(ctx.db, { ...p, now })) return undefined;
  const bucket = await findBucket(ctx.db, { key: p.key, now });
  return bucket ? secondsUntil(bucket.resetAt, now) : 1;
}

/** Counts a request against a limit of its own (not an auth one); refuses past it, saying how long to wait. */
export async function limitRequests(
  ctx: Pick<RequestCtx, "db" | "clock">,
  p: { key: string; windowMs: number; max: number },
  message: (wait: string) => string,
): Promise<void> {
  const wait = await claimOrWait(ctx, p);
  if (wait !== undefined) throw new RateLimitError(message(formatWait(wait)), wait);
}
