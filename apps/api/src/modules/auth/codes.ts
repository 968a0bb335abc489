import type { Db, Queryable } from "../../db/client";
import type { CodePurpose } from "../../db/schema";
import { DAY_MS, MINUTE_MS } from "../../lib/clock";
import { hmac, randomDigits, safeEqual } from "../../lib/crypto";
import { consumeCode, findActiveCodeForUpdate, incrementCodeAttempts, replaceCode } from "./codes.repo";

/** docs/decisions.md "E-mail": confirmation codes last 24 hours, reset codes 15 minutes; 5 wrong attempts each. */
export const CODE_TTL_MS: Record<Exclude<CodePurpose, "reset-token">, number> = {
  "confirm-signup": DAY_MS,
  "reset-password": 15 * MINUTE_MS,
};
export const RESET_TOKEN_TTL_MS = 15 * MINUTE_MS;
export const MAX_CODE_ATTEMPTS = 5;

/** Keyed over account, purpose and code: a code is worth nothing for another account or purpose. */
const codeHash = (key: Uint8Array, userId: string, purpose: CodePurpose, code: string) =>
  hmac(key, `${purpose}:${userId}:${code}`);

/** A new 6-digit code for the user and purpose; earlier ones of that purpose stop working. */
export async function issueCode(
  db: Queryable,
  p: { key: Uint8Array; userId: string; purpose: keyof typeof CODE_TTL_MS; now: Date },
): Promise<string> {
  const code = randomDigits(6);
  await replaceCode(db, {
    userId: p.userId,
    purpose: p.purpose,
    codeHash: codeHash(p.key, p.userId, p.purpose, code),
    now: p.now,
    expiresAt: new Date(p.now.getTime() + CODE_TTL_MS[p.purpose]),
  });
  return code;
}

export type CodeCheck =
  | { result: "valid" }
  | { result: "wrong"; attemptsLeft: number }
  | { result: "expired" | "exhausted" | "missing" };

/** Checks a code in one transaction: a wrong one counts an attempt, the right one is used up. */
export function checkCode(
  db: Db,
  p: { key: Uint8Array; userId: string; purpose: keyof typeof CODE_TTL_MS; code: string; now: Date },
): Promise<CodeCheck> {
  return db.transaction(async (tx) => {
    const row = await findActiveCodeForUpdate(tx, { userId: p.userId, purpose: p.purpose });
    if (!row) return { result: "missing" };
    if (row.expiresAt <= p.now) return { result: "expired" };
    if (row.attempts >= MAX_CODE_ATTEMPTS) return { result: "exhausted" };
    if (!safeEqual(row.codeHash, codeHash(p.key, p.userId, p.purpose, p.code))) {
      const attempts = await incrementCodeAttempts(tx, { id: row.id, userId: p.userId });
      return { result: "wrong", attemptsLeft: Math.max(0, MAX_CODE_ATTEMPTS - attempts) };
    }
    return (await consumeCode(tx, { id: row.id, userId: p.userId, now: p.now }))
      ? { result: "valid" }
      : { result: "missing" };
  });
}
