import { describe, expect, it } from "vitest";
import { cpcSummary } from "./cpc-summary";

describe("cpcSummary", () => {
  it("weights CPC by volume, takes the median and counts keywords without CPC, per currency", () => {
    const rows = cpcSummary([
      { cpc: 1, volume: 100, currency: "USD" },
      { cpc: 3, volume: 300, currency: "USD" },
      { cpc: 2, volume: null, currency: "USD" },
      { cpc: null, volume: 500, currency: "USD" },
      { cpc: 0, volume: 50, currency: "USD" },
      { cpc: 0.5, volume: 10, currency: "EUR" },
    ]);
    expect(rows).toEqual([
      { currency: "EUR", weightedCpc: 0.5, medianCpc: 0.5, withoutCpc: 0, rangedVolumes: 0 },
      // (1·100 + 3·300) / 400 = 2.5; median of 1, 3, 2 = 2.
      { currency: "USD", weightedCpc: 2.5, medianCpc: 2, withoutCpc: 2, rangedVolumes: 0 },
    ]);
  });

  it("gives null CPCs when nothing is priced", () => {
    expect(cpcSummary([{ cpc: null, volume: 10, currency: "GBP" }])).toEqual([
      { currency: "GBP", weightedCpc: null, medianCpc: null, withoutCpc: 1, rangedVolumes: 0 },
    ]);
  });

  it("leaves keywords whose volume is only a range out of the weighted CPC, and counts them", () => {
    const rows = cpcSummary([
      { cpc: 1, volume: 100, currency: "USD" },
      { cpc: 9, volume: null, volumeLow: 1_000, currency: "USD" },
    ]);
    expect(rows).toEqual([
      { currency: "USD", weightedCpc: 1, medianCpc: 5, withoutCpc: 0, rangedVolumes: 1 },
    ]);
  });
});
