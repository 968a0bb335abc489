import { describe, expect, it } from "vitest";
import { competitionBand } from "./competition-band";

describe("competitionBand", () => {
  it("maps 0–1 onto Google's 0–33 / 34–66 / 67–100 bands", () => {
    expect(competitionBand(0)).toBe("low");
    expect(competitionBand(0.33)).toBe("low");
    expect(competitionBand(0.34)).toBe("medium");
    expect(competitionBand(0.66)).toBe("medium");
    expect(competitionBand(0.67)).toBe("high");
    expect(competitionBand(1)).toBe("high");
    expect(competitionBand(null)).toBeNull();
  });
});
