import { describe, expect, it } from "vitest";
import { mixColors, readableTextOn, withAlpha } from "./color";

describe("chart colour arithmetic", () => {
  it("mixes two colours", () => {
    expect(mixColors("rgb(0, 0, 0)", "rgb(255, 255, 255)", 0.5)).toBe("rgb(128, 128, 128)");
    expect(mixColors("rgb(24, 119, 242)", "rgb(255, 255, 255)", 0)).toBe("rgb(24, 119, 242)");
  });
  it("leaves colours it cannot read alone", () => {
    expect(mixColors("var(--chart-1)", "rgb(0, 0, 0)", 0.5)).toBe("var(--chart-1)");
  });
  it("sets opacity", () => {
    expect(withAlpha("rgb(24, 119, 242)", 0.75)).toBe("rgba(24, 119, 242, 0.75)");
  });
  it("picks the label colour that contrasts more", () => {
    expect(readableTextOn("rgb(17, 17, 17)")).toBe("#ffffff");
    expect(readableTextOn("rgb(37, 244, 238)")).toBe("#111111");
  });
});
