import { describe, expect, it } from "vitest";
import { cardBrand, checkSandboxCard, passesLuhn } from "./sandbox-cards";

const now = new Date("2026-11-22T12:00:00Z");
const card = (cardNumber: string, expMonth = 12, expYear = 2030) => ({
  cardNumber,
  expMonth,
  expYear,
  cvc: "123",
});

describe("sandbox cards", () => {
  it("checks the Luhn digit", () => {
    expect(passesLuhn("4242424242424242")).toBe(true);
    expect(passesLuhn("4242424242424241")).toBe(false);
    expect(passesLuhn("378282246310005")).toBe(true);
  });

  it("names the network by its leading digits", () => {
    expect(cardBrand("4242424242424242")).toBe("visa");
    expect(cardBrand("5555555555554444")).toBe("mastercard");
    expect(cardBrand("2223003122003222")).toBe("mastercard");
    expect(cardBrand("378282246310005")).toBe("amex");
    expect(cardBrand("6011111111111117")).toBe("discover");
  });

  it("behaves as Stripe's test cards do", () => {
    expect(checkSandboxCard(card("4242424242424242"), now)).toEqual({
      brand: "visa",
      last4: "4242",
      charges: "succeeds",
    });
    expect(() => checkSandboxCard(card("4000000000000002"), now)).toThrow("Your card was declined.");
    expect(() => checkSandboxCard(card("4000000000009995"), now)).toThrow(
      "Your card has insufficient funds.",
    );
    expect(checkSandboxCard(card("4000000000000341"), now).charges).toBe("declined");
  });

  it("accepts a card until the end of its expiry month", () => {
    expect(checkSandboxCard(card("4242424242424242", 11, 2026), now).last4).toBe("4242");
    expect(() => checkSandboxCard(card("4242424242424242", 10, 2026), now)).toThrow("Your card has expired.");
  });
});
