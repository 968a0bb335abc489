import { describe, expect, it } from "vitest";
import { withSearches } from "./keyword-searches";
import { keywordAnalysis } from "./keywords";
import { makePost } from "./test-fixtures";
import { createTokenizer } from "./text-tokens";

const tokenize = createTokenizer("Acme");
const noRate = () => null;
const posts = (texts: string[]) =>
  texts.map((text, i) => makePost(`p${String(i).padStart(2, "0")}`, { text }));

describe("keywordAnalysis", () => {
  it("ranks by the number of posts, so one repetitive post cannot win", () => {
    const texts = [
      "espresso espresso espresso espresso espresso espresso espresso espresso espresso espresso",
      "espresso",
      "espresso",
      ...Array.from({ length: 7 }, () => "pastry"),
      ...Array.from({ length: 3 }, () => "cold brew"),
      "brew",
      ...Array.from({ length: 3 }, () => "cold"),
      ...Array.from({ length: 3 }, (_, i) => `filler${i}`),
    ];
    const result = keywordAnalysis(posts(texts), tokenize, noRate);
    expect(result.status).toBe("ok");
    expect(result.n).toBe(20);
    // espresso is used 12 times but in 3 posts; pastry once each in 7 posts.
    expect(result.items.slice(0, 4)).toEqual([
      { keyword: "pastry", count: 7, color: "var(--chart-1)", searches: null },
      { keyword: "cold", count: 6, color: "var(--chart-2)", searches: null },
      // Equal counts fall back to the alphabet.
      { keyword: "cold brew", count: 3, color: "var(--chart-3)", searches: null },
      { keyword: "espresso", count: 3, color: "var(--chart-4)", searches: null },
    ]);
  });

  it("shows a phrase instead of a word it covers in ≥ 60 % of the word's posts", () => {
    const texts = [
      ...Array.from({ length: 3 }, () => "cold brew"),
      "brew",
      ...Array.from({ length: 3 }, () => "cold"),
      ...Array.from({ length: 13 }, (_, i) => `filler${i}`),
    ];
    const keywords = keywordAnalysis(posts(texts), tokenize, noRate).items.map((i) => i.keyword);
    // "cold brew" is in 3 of brew's 4 posts (75 %) but only 3 of cold's 6 (50 %).
    expect(keywords).toContain("cold brew");
    expect(keywords).toContain("cold");
    expect(keywords).not.toContain("brew");
  });

  it("breaks document-frequency ties by engagement-weighted rate", () => {
    const texts = [
      ...Array.from({ length: 3 }, () => "latte"),
      ...Array.from({ length: 3 }, () => "croissant"),
    ];
    const filler = Array.from({ length: 14 }, (_, i) => `filler${i}`);
    const all = posts([...texts, ...filler]).map((p) => ({ ...p, likes: 10 }));
    const rate = (p: { text: string }) => (p.text === "latte" ? 0.5 : 0.1);
    const items = keywordAnalysis(all, tokenize, rate).items.map((i) => i.keyword);
    expect(items.slice(0, 2)).toEqual(["latte", "croissant"]);
  });

  it("removes stop words, social terms and the brand's name, and keeps hashtags with #", () => {
    const texts = Array.from(
      { length: 20 },
      () => "The Acme team loves this, link in bio! #ColdBrew @friend https://x.co",
    );
    const result = keywordAnalysis(posts(texts), tokenize, noRate);
    const keywords = result.items.map((i) => i.keyword);
    expect(keywords).toContain("#coldbrew");
    expect(keywords).toContain("team loves");
    for (const dropped of ["the", "this", "acme", "link", "bio", "@friend", "coldbrew", "https"]) {
      expect(keywords).not.toContain(dropped);
    }
  });

  it("drops filler: number words, weekdays, times of day and marketing adjectives", () => {
    const texts = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0 ? "Three perfect new pastries this Friday at 6pm!" : "Our best pastries, today from 10am",
    );
    const keywords = keywordAnalysis(posts(texts), tokenize, noRate).items.map((i) => i.keyword);
    expect(keywords).toEqual(["pastries"]);
    for (const dropped of ["three", "perfect", "new", "friday", "6pm", "10am", "best", "today"]) {
      expect(keywords).not.toContain(dropped);
    }
  });

  it("drops the function words of German and French posts", () => {
    const texts = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0
        ? "Der Kaffee und der Kuchen sind für die ganze Familie"
        : "Les croissants avec du beurre pour les enfants",
    );
    const keywords = keywordAnalysis(posts(texts), tokenize, noRate).items.map((i) => i.keyword);
    expect(keywords).toEqual(expect.arrayContaining(["kaffee", "kuchen", "familie", "croissants", "beurre"]));
    for (const dropped of ["und", "der", "die", "für", "les", "avec", "du", "pour"]) {
      expect(keywords).not.toContain(dropped);
    }
  });

  it("keeps brand and competitor names that a filler list holds", () => {
    const texts = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0 ? "New arrivals in store" : "Better than Three Sixty trainers",
    );
    const own = createTokenizer("New Balance", { keep: ["Three Sixty"] });
    const keywords = keywordAnalysis(posts(texts), own, noRate).items.map((i) => i.keyword);
    expect(keywords).toContain("new arrivals");
    expect(keywords).toContain("three sixty trainers");
    expect(keywords).not.toContain("better");
  });

  it("needs 20 posts with text", () => {
    const result = keywordAnalysis(
      [...posts(Array(7).fill("latte")), ...posts(Array(5).fill("  "))],
      tokenize,
      noRate,
    );
    expect(result).toEqual({
      status: "insufficient_history",
      reason:
        "Keywords need 20 posts with text in the period; it has 7. Choose a longer period or import more posts.",
      n: 7,
      searchPeriod: null,
      items: [],
    });
  });

  it("keeps at most 20 keywords", () => {
    const texts = Array.from({ length: 25 }, (_, i) => `word${String.fromCharCode(97 + i)}x`);
    expect(keywordAnalysis(posts(texts), tokenize, noRate).items).toHaveLength(20);
  });
});

describe("withSearches", () => {
  const texts = [
    ...Array.from({ length: 8 }, () => "Our cold brew is back"),
    ...Array.from({ length: 3 }, () => "Fresh pastry every morning #coldbrew"),
    ...Array.from({ length: 3 }, () => "A pastry and a chat #coldbrew"),
    ...Array.from({ length: 6 }, (_, i) => `filler${i}`),
  ];
  const analysis = keywordAnalysis(posts(texts), tokenize, noRate);
  const set = {
    from: "2026-07-01",
    to: "2026-09-30",
    queries: [
      { query: "cold brew near me", clicks: 40, impressions: 900 },
      { query: "Cold Brew recipe", clicks: 12, impressions: null },
      // The words apart: not the phrase "cold brew".
      { query: "brew it cold", clicks: 99, impressions: 99 },
      { query: "pastry shop", clicks: null, impressions: 50 },
    ],
  };
  const searchesOf = (keyword: string) =>
    withSearches(analysis, set, tokenize).items.find((i) => i.keyword === keyword)?.searches;

  it("adds up the clicks and impressions of the queries that hold a keyword's words in a row", () => {
    expect(searchesOf("cold brew")).toEqual({ queries: 2, clicks: 52, impressions: 900 });
    // An unknown count adds nothing; the query still counts.
    expect(searchesOf("pastry")).toEqual({ queries: 1, clicks: 0, impressions: 50 });
  });

  it("finds a hashtag in the query's words written together", () => {
    expect(searchesOf("#coldbrew")).toEqual({ queries: 2, clicks: 52, impressions: 900 });
  });

  it("says the set's days, and answers null everywhere without a set", () => {
    expect(withSearches(analysis, set, tokenize).searchPeriod).toEqual({
      from: "2026-07-01",
      to: "2026-09-30",
    });
    const none = withSearches(analysis, undefined, tokenize);
    expect(none.searchPeriod).toBeNull();
    expect(none.items.every((i) => i.searches === null)).toBe(true);
  });
});
