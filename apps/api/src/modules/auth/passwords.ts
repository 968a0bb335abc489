import { randomBytes } from "node:crypto";
import type { Algorithm, Options } from "@node-rs/argon2";
import { hash, verify } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";
import type { Config } from "../../config/env";
import { AppError, type ErrorDetail } from "../../kernel/errors";
import type { PasswordHasher } from "../../kernel/ports";

// docs/product.md §5, word for word.
export const passwordMessages = {
  required: "This is a required field",
  length:
    "Password must contain 8 or more characters with at least one of each: uppercase, lowercase, number and special",
  lower: "Password must contain at least 1 lower case letter",
  upper: "Password must contain at least 1 upper case letter",
  digit: "Password must contain at least 1 number",
  special: "Password must contain at least 1 special character",
  match: "Passwords must match",
  common: "This password is too common. Please choose one that is harder to guess",
} as const;

/** ~49,000 leaked passwords ranked by frequency (zxcvbn-ts's list), lower case. */
const commonPasswords = new Set(dictionary["passwords-common"]);

/**
 * The list is lower case and mostly short; with the composition rules in force the likely picks are a
 * listed word with capitals and a symbol tacked on ("Password1!", "Qwerty123!"), so both forms are checked.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const trimmed = lower.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
  return commonPasswords.has(lower) || commonPasswords.has(trimmed);
}

/** Every rule of docs/product.md §5 the password breaks, in its words (empty when it is fine). */
export function passwordProblems(password: string): string[] {
  if (password === "") return [passwordMessages.required];
  const problems: string[] = [];
  const length = [...password].length;
  if (length < 8 || length > 250) problems.push(passwordMessages.length);
  if (!/\p{Ll}/u.test(password)) problems.push(passwordMessages.lower);
  if (!/\p{Lu}/u.test(password)) problems.push(passwordMessages.upper);
  if (!/\p{Nd}/u.test(password)) problems.push(passwordMessages.digit);
  if (!/[^\p{L}\p{N}]/u.test(password)) problems.push(passwordMessages.special);
  if (problems.length === 0 && isCommonPassword(password)) problems.push(passwordMessages.common);
  return problems;
}

/** Throws 400 VALIDATION_FAILED naming the fields, like the contract's own validation does. */
export function assertNewPassword(password: string, confirmation: string | undefined): void {
  const details: ErrorDetail[] = passwordProblems(password).map((message) => ({
    path: "/password",
    message,
  }));
  if (confirmation !== undefined && confirmation !== password) {
    details.push({ path: "/passwordConfirmation", message: passwordMessages.match });
  }
  const first = details[0];
  if (first) throw new AppError("VALIDATION_FAILED", 400, first.message, details);
}

const ARGON2ID = 2 as Algorithm.Argon2id;
/** OWASP Password Storage Cheat Sheet: argon2id, 19 MiB, 2 iterations, 1 lane. */
const OWASP: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
/** NODE_ENV=test only (env.ts refuses it elsewhere): the suite hashes hundreds of passwords. */
const FAST_TEST_ONLY: Options = { algorithm: ARGON2ID, memoryCost: 1024, timeCost: 1, parallelism: 1 };

export function createPasswordHasher(mode: Config["passwordHashing"]): PasswordHasher {
  const options = mode === "owasp" ? OWASP : FAST_TEST_ONLY;
  // A hash of a random string, made once at start: checking an unknown e-mail costs what a wrong password costs.
  const dummy = hash(randomBytes(16).toString("hex"), options);
  return {
    hash: (password) => hash(password, options),
    async verify(hashed, password) {
      if (!hashed) {
        await verify(await dummy, password);
        return false;
      }
      try {
        return await verify(hashed, password);
      } catch {
        return false;
      }
    },
  };
}
