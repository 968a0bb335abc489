/*
 * The sandbox card form's rules (docs/decisions.md "Sandbox payments"): checked in the browser before any call, with
 * the words Stripe's own card form uses.
 */

export const cardMessages = {
  required: "This is a required field",
  number: "Your card number is invalid.",
  expiry: "Your card's expiration date is incomplete.",
  expiryPast: "Your card's expiration year is in the past.",
  cvc: "Your card's security code is incomplete.",
} as const;

export type CardValues = { number: string; expiry: string; cvc: string };
export type CardErrors = Partial<Record<keyof CardValues, string>>;

export const digitsOnly = (value: string) => value.replace(/\D/g, "");

/** The Luhn checksum of a card number (digits only). */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** 12 to 19 digits (the contract's range) that pass Luhn. */
export function isValidCardNumber(value: string): boolean {
  const digits = digitsOnly(value);
  return digits.length >= 12 && digits.length <= 19 && passesLuhn(digits);
}

/** "MM/YY" (spaces allowed around the slash) as a month 1–12 and a four-digit year, or null. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** A card is good until the end of its expiry month. */
export function isExpiryInFuture(expiry: { month: number; year: number }, now: Date = new Date()): boolean {
  const currentYear = now.getFullYear();
  const currentMonth = now.getMonth() + 1;
  return expiry.year > currentYear || (expiry.year === currentYear && expiry.month >= currentMonth);
}

/** Each field's problem, if any; an empty object when the card can be sent. */
export function validateCard(values: CardValues, now: Date = new Date()): CardErrors {
  const errors: CardErrors = {};
  if (!values.number.trim()) errors.number = cardMessages.required;
  else if (!isValidCardNumber(values.number)) errors.number = cardMessages.number;
  if (!values.expiry.trim()) errors.expiry = cardMessages.required;
  else {
    const expiry = parseExpiry(values.expiry);
    if (!expiry) errors.expiry = cardMessages.expiry;
    else if (!isExpiryInFuture(expiry, now)) errors.expiry = cardMessages.expiryPast;
  }
  if (!values.cvc.trim()) errors.cvc = cardMessages.required;
  else if (!/^\d{3,4}$/.test(values.cvc.trim())) errors.cvc = cardMessages.cvc;
  return errors;
}

export const isCardComplete = (values: CardValues, now?: Date) =>
  Object.keys(validateCard(values, now)).length === 0;
