import { describe, expect, it } from "vitest";
import { classTfIdf, labelFromScores } from "./class-tfidf";

describe("classTfIdf", () => {
  it("scores a term high in the class that owns it and low where it is everywhere", () => {
    const [coffee] = classTfIdf([
      new Map([
        ["latte", 8],
        ["today", 2],
      ]),
      new Map([
        ["gym", 8],
        ["today", 2],
      ]),
    ]);
    // A = 10 words per class; latte: 0.8·ln(1 + 10/8), today: 0.2·ln(1 + 10/4).
    expect(coffee?.get("latte")).toBeCloseTo(0.8 * Math.log(2.25), 12);
    expect(coffee?.get("today")).toBeCloseTo(0.2 * Math.log(3.5), 12);
  });
});

describe("labelFromScores", () => {
  it("title-cases the top terms and skips terms that repeat a chosen word", () => {
    const scores = new Map([
      ["cold brew", 0.9],
      ["brew", 0.8],
      ["iced latte", 0.7],
      ["pastry", 0.2],
    ]);
    expect(labelFromScores(scores)).toEqual({
      label: "Cold Brew & Iced Latte",
      terms: ["cold brew", "iced latte"],
    });
  });

  it("adds a third term only when it is close to the second, and honours exclusions", () => {
    const scores = new Map([
      ["coffee", 1],
      ["latte", 0.5],
      ["mocha", 0.4],
      ["espresso", 0.39],
    ]);
    expect(labelFromScores(scores).label).toBe("Coffee, Latte & Mocha");
    expect(labelFromScores(scores, new Set(["coffee"])).label).toBe("Latte, Mocha & Espresso");
  });
});
