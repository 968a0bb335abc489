import { describe, expect, it } from "vitest";
import { choosePersonaCount } from "./decompose";

const curve =
  (errors: Record<number, number>, shares: Record<number, number[]> = {}) =>
  (p: number) => ({ error: errors[p] ?? 0, shares: shares[p] ?? Array.from({ length: p }, () => 1 / p) });

describe("choosePersonaCount", () => {
  it("stops at the first p after which one more component gains less than 5 points", () => {
    const fit = curve({ 3: 0.5, 4: 0.35, 5: 0.32, 6: 0.2, 7: 0.1, 8: 0.05 });
    expect(choosePersonaCount(fit, 3, 8)).toBe(4);
  });

  it("takes the largest p when every step still gains", () => {
    const fit = curve({ 3: 0.6, 4: 0.5, 5: 0.4, 6: 0.3, 7: 0.2, 8: 0.1 });
    expect(choosePersonaCount(fit, 3, 8)).toBe(8);
  });

  it("walks down until every persona holds at least 5 %", () => {
    const fit = curve({ 3: 0.6, 4: 0.5, 5: 0.4, 6: 0.38 }, { 5: [0.3, 0.3, 0.2, 0.17, 0.03] });
    expect(choosePersonaCount(fit, 3, 6)).toBe(4);
  });

  it("stops at the minimum when the first extra component hardly helps", () => {
    expect(choosePersonaCount(curve({ 3: 0.01, 4: 0.009 }), 3, 8)).toBe(3);
  });
});
