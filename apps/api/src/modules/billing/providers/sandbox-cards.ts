import type { sandboxCardOutcomes } from "../../../db/billing.schema";
import { AppError } from "../../../kernel/errors";

export type SandboxCardOutcome = (typeof sandboxCardOutcomes)[number];

export interface CardInput {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** Stripe's test-mode messages (docs/decisions.md "Sandbox payments"), which the checkout shows as they are. */
export const cardMessages = {
  declined: "Your card was declined.",
  insufficientFunds: "Your card has insufficient funds.",
  invalidNumber: "Your card number is invalid.",
  expired: "Your card has expired.",
} as const;

/** Stripe's test cards: one that sets up but fails every charge lets a failed renewal be tried. */
const testCards: Record<
  string,
  { atSetup: "succeeds" | "declined" | "insufficient_funds"; charges: SandboxCardOutcome }
> = {
  "4000000000000002": { atSetup: "declined", charges: "declined" },
  "4000000000009995": { atSetup: "insufficient_funds", charges: "insufficient_funds" },
  "4000000000000341": { atSetup: "succeeds", charges: "declined" },
};

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

/** The card network by its leading digits, named as Stripe names them. */
export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return "visa";
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  if (/^(6011|65|64[4-9])/.test(digits)) return "discover";
  return "unknown";
}

const paymentFailed = (message: string) => new AppError("PAYMENT_FAILED", 402, message);

/**
 * What the sandbox says of a card being set up: refused as Stripe's test mode would refuse it, or accepted with
 * how its later charges will go.
 */
export function checkSandboxCard(
  card: CardInput,
  now: Date,
): { brand: string; last4: string; charges: SandboxCardOutcome } {
  if (!passesLuhn(card.cardNumber)) throw new AppError("VALIDATION_FAILED", 400, cardMessages.invalidNumber);
  const endOfExpiryMonth = Date.UTC(card.expYear, card.expMonth, 1);
  if (endOfExpiryMonth <= now.getTime()) throw paymentFailed(cardMessages.expired);
  const test = testCards[card.cardNumber];
  if (test?.atSetup === "declined") throw paymentFailed(cardMessages.declined);
  if (test?.atSetup === "insufficient_funds") throw paymentFailed(cardMessages.insufficientFunds);
  return {
    brand: cardBrand(card.cardNumber),
    last4: card.cardNumber.slice(-4),
    charges: test?.charges ?? "succeeds",
  };
}

/** The message a charge on a card with this outcome fails with; null when it succeeds. */
export function chargeFailure(outcome: SandboxCardOutcome): string | null {
  if (outcome === "declined") return cardMessages.declined;
  if (outcome === "insufficient_funds") return cardMessages.insufficientFunds;
  return null;
}
