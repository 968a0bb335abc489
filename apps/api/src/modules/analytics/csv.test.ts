import { describe, expect, it } from "vitest";
import { csvLine } from "./csv";

describe("csvLine", () => {
  it("quotes separators and neutralises formulas", () => {
    expect(csvLine(["a,b", 'say "hi"', null, 3, "=SUM(A1)", -2])).toBe(
      '"a,b","say ""hi""",,3,\'=SUM(A1),-2\r\n',
    );
  });

  it("neutralises a formula in a list cell, and keeps negative numbers as numbers", () => {
    expect(csvLine([['=HYPERLINK("https://x.test")', "tea"], ["tea", "-x"], -0.5])).toBe(
      '"\'=HYPERLINK(""https://x.test""); tea",tea; -x,-0.5\r\n',
    );
  });
});
