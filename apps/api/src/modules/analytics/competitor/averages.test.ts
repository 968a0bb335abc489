import { describe, expect, it } from "vitest";
import { competitorAverages } from "./averages";

describe("competitorAverages", () => {
  it("excludes the focus brand from the competitor average and leaves out companies without data", () => {
    const result = competitorAverages(
      [
        { companyId: "brand", value: 10 },
        { companyId: "a", value: 20 },
        { companyId: "b", value: 40 },
        { companyId: "c", value: null },
      ],
      "brand",
    );
    expect(result.competitor).toEqual({ value: 30, n: 2 });
    expect(result.landscape.value).toBeCloseTo(70 / 3, 12);
    expect(result.landscape.n).toBe(3);
  });

  it("needs one competitor and two companies", () => {
    const result = competitorAverages([{ companyId: "brand", value: 10 }], "brand");
    expect(result.competitor.value).toBeNull();
    expect(result.landscape).toMatchObject({ value: null, n: 1 });
  });
});
