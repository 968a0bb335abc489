import { describe, expect, it } from "vitest";
import { exportFileName } from "./export";
import { comparisonText, DEFAULT_PERIOD, periodParams } from "./period";
import { readPeriod } from "./period-params";
import { readArea, writeArea } from "./stored-area";

describe("periods", () => {
  it("reads presets and complete custom ranges only", () => {
    expect(readPeriod({ period: "90d" })).toEqual({ period: "90d" });
    expect(readPeriod({ period: "90d", from: "2026-01-01" })).toEqual({ period: "90d" });
    expect(readPeriod({ period: "custom", from: "2026-01-01", to: "2026-01-31" })).toEqual({
      period: "custom",
      from: "2026-01-01",
      to: "2026-01-31",
    });
    expect(readPeriod({ period: "custom", from: "2026-02-01", to: "2026-01-31" })).toBeUndefined();
    expect(readPeriod({ period: "custom" })).toBeUndefined();
    expect(readPeriod({ period: "1y" })).toBeUndefined();
    expect(readPeriod("30d")).toBeUndefined();
    expect(periodParams({ period: "custom" })).toEqual(DEFAULT_PERIOD);
  });

  it("words the comparison with the previous period", () => {
    expect(comparisonText({ period: "30d" })).toBe("vs previous 30 days");
    expect(comparisonText({ period: "12m" })).toBe("vs previous 12 months");
    expect(comparisonText({ period: "custom", from: "2026-01-01", to: "2026-01-31" })).toBe(
      "vs previous period",
    );
  });

  it("names export files after the server, else after the dataset and period", () => {
    expect(exportFileName("posts", { period: "7d" })).toBe("brandscope-posts-7d.csv");
    expect(exportFileName("keywords", { period: "custom", from: "2026-01-01", to: "2026-01-31" })).toBe(
      "brandscope-keywords-2026-01-01_2026-01-31.csv",
    );
    expect(exportFileName("posts", { period: "7d" }, 'attachment; filename="lumora-posts.csv"')).toBe(
      "lumora-posts.csv",
    );
  });
});

describe("stored areas", () => {
  it("merge writes into the area's object and survive unreadable content", () => {
    localStorage.setItem("content", "{oops");
    expect(readArea("content")).toEqual({});
    writeArea("content", { period: { period: "7d" } });
    writeArea("content", { other: 1 });
    expect(JSON.parse(localStorage.getItem("content") ?? "")).toEqual({ period: { period: "7d" }, other: 1 });
    writeArea("content", { other: undefined });
    expect(readArea("content")).toEqual({ period: { period: "7d" } });
  });
});
