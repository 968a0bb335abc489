/**
 * A short memory of bearer checks (signature, expiry, live session), so a burst of requests with one token costs
 * one database check rather than one each. A check is reused for at most TTL_MS of real time, never past the
 * token's expiry, and never once the app's clock has moved on by more than that (tests move it). Every write that
 * can end a session forgets every check at once: revoking sessions (sessions.repo), a user's status changing,
 * deleting a user or a workspace, moving a user to another workspace (user.repo, workspace.repo). Other writes
 * forget nothing. A check racing with such a write in this process, or a revocation made by another process, is
 * seen within TTL_MS.
 */
import type { TokenSubject } from "./token-subject";

/** How long a positive check is reused: the delay a revocation made elsewhere may take to apply. */
export const SESSION_CHECK_TTL_MS = 1000;
const MAX_ENTRIES = 10_000;

interface Check {
  subject: TokenSubject;
  /** performance.now() and the app clock (ms) when the database said the session was live. */
  checkedAt: number;
  checkedAtClock: number;
  /** The token's own expiry (ms since the epoch). */
  expiresAt: number;
  generation: number;
}

const checks = new Map<string, Check>();
let generation = 0;

/** Changes whenever checks are forgotten: a request compares it before and after to learn whether it ended one. */
export const sessionChecksGeneration = () => generation;

/** Every remembered check is dropped; a check already running is not remembered either. */
export function forgetSessionChecks(): void {
  generation++;
  checks.clear();
}

/** The subject of a token checked less than TTL_MS ago, or undefined when it must be checked again. */
export function recentSessionCheck(token: string, now: Date): TokenSubject | undefined {
  const check = checks.get(token);
  if (!check) return undefined;
  const clock = now.getTime();
  const fresh =
    check.generation === generation &&
    performance.now() - check.checkedAt < SESSION_CHECK_TTL_MS &&
    clock >= check.checkedAtClock &&
    clock - check.checkedAtClock < SESSION_CHECK_TTL_MS &&
    clock < check.expiresAt;
  if (fresh) return check.subject;
  checks.delete(token);
  return undefined;
}

/** Starts a check: pass what this returns to `rememberSessionCheck` once the session was found live. */
export function sessionCheckStarted(now: Date) {
  return { generation, checkedAt: performance.now(), checkedAtClock: now.getTime() };
}

export function rememberSessionCheck(
  token: string,
  subject: TokenSubject,
  started: ReturnType<typeof sessionCheckStarted>,
): void {
  // Something that ends sessions ran while the check did: its answer may already be out of date.
  if (started.generation !== generation) return;
  const expiresAt = tokenExpiry(token);
  if (expiresAt === undefined) return;
  if (checks.size >= MAX_ENTRIES) checks.clear();
  checks.set(token, { subject, ...started, expiresAt });
}

/** The `exp` of a token whose signature was verified, in ms. */
function tokenExpiry(token: string): number | undefined {
  try {
    const payload: unknown = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString());
    const exp = (payload as { exp?: unknown }).exp;
    return typeof exp === "number" ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}
