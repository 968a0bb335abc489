import { describe, expect, it } from "vitest";
import {
  cardMessages,
  isCardComplete,
  isExpiryInFuture,
  isValidCardNumber,
  parseExpiry,
  passesLuhn,
  validateCard,
} from "./card";

const now = new Date(2026, 2, 15); // 15 March 2026, local time

describe("card number", () => {
  it("accepts the sandbox's test cards (with or without spaces)", () => {
    expect(isValidCardNumber("4242 4242 4242 4242")).toBe(true);
    expect(isValidCardNumber("4000000000000002")).toBe(true);
    expect(isValidCardNumber("4000 0000 0000 9995")).toBe(true);
  });
  it("refuses a number that fails Luhn, or is too short or too long", () => {
    expect(passesLuhn("4242424242424241")).toBe(false);
    expect(isValidCardNumber("4242 4242 4242 4241")).toBe(false);
    expect(isValidCardNumber("42424242424")).toBe(false);
    expect(isValidCardNumber("4".repeat(20))).toBe(false);
  });
});

describe("expiry", () => {
  it("reads MM/YY", () => {
    expect(parseExpiry("04/29")).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry("4 / 29")).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry("13/29")).toBeNull();
    expect(parseExpiry("00/29")).toBeNull();
    expect(parseExpiry("0429")).toBeNull();
  });
  it("is good until the end of its month", () => {
    expect(isExpiryInFuture({ month: 3, year: 2026 }, now)).toBe(true);
    expect(isExpiryInFuture({ month: 2, year: 2026 }, now)).toBe(false);
    expect(isExpiryInFuture({ month: 12, year: 2025 }, now)).toBe(false);
    expect(isExpiryInFuture({ month: 1, year: 2027 }, now)).toBe(true);
  });
});

describe("validateCard", () => {
  it("passes a complete card", () => {
    expect(validateCard({ number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" }, now)).toEqual({});
    expect(isCardComplete({ number: "4242424242424242", expiry: "03/26", cvc: "1234" }, now)).toBe(true);
  });
  it("names each problem", () => {
    expect(validateCard({ number: "", expiry: "", cvc: "" }, now)).toEqual({
      number: cardMessages.required,
      expiry: cardMessages.required,
      cvc: cardMessages.required,
    });
    expect(validateCard({ number: "4242 4242 4242 4241", expiry: "02/26", cvc: "12" }, now)).toEqual({
      number: cardMessages.number,
      expiry: cardMessages.expiryPast,
      cvc: cardMessages.cvc,
    });
    expect(validateCard({ number: "4242424242424242", expiry: "1/2", cvc: "12345" }, now)).toEqual({
      expiry: cardMessages.expiry,
      cvc: cardMessages.cvc,
    });
  });
});
