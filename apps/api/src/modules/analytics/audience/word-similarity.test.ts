import { describe, expect, it } from "vitest";
import { trigramsOf, wordSimilarity } from "./word-similarity";

describe("trigramsOf", () => {
  it("lower-cases each word and pads it with two spaces before and one after", () => {
    expect(trigramsOf("Word")).toEqual(["  w", " wo", "wor", "ord", "rd "]);
    expect(trigramsOf("a-b")).toEqual(["  a", " a ", "  b", " b "]);
  });
});

describe("wordSimilarity (pg_trgm word_similarity)", () => {
  it("matches hand-computed values", () => {
    // 'word' has 5 trigrams; the extent "  w, wo,wor,ord" of 'two words' shares 4 of them: 4 / (5 + 4 − 4).
    expect(wordSimilarity("word", "two words")).toBeCloseTo(0.8, 6);
    // The other way round, all 4 shared trigrams of 'word' over the 10 of 'two words': 4 / (10 + 5 − 4)
    // is beaten by the extent without "rd ": 4 / (10 + 4 − 4) = 0.4.
    expect(wordSimilarity("two words", "word")).toBeCloseTo(0.4, 6);
    // 'abc' vs 'abd': "  a", " ab" shared, best extent of 2 trigrams: 2 / (4 + 2 − 2).
    expect(wordSimilarity("abc", "abd")).toBeCloseTo(0.5, 6);
    expect(wordSimilarity("coffee", "best coffee beans")).toBe(1);
    expect(wordSimilarity("cat", "dog")).toBe(0);
    expect(wordSimilarity("", "dog")).toBe(0);
  });

  it("ignores case and punctuation like pg_trgm", () => {
    expect(wordSimilarity("WORD", "Two-Words!")).toBeCloseTo(0.8, 6);
  });

  it("reproduces PostgreSQL's regression outputs (contrib/pg_trgm/expected/pg_word_trgm.out)", () => {
    const cases: [string, string, number][] = [
      ["Kabankala", "Kabankalan City Public Plaza", 0.9],
      ["Kabankala", "Abankala", 0.7],
      ["Kabankala", "Ntombankala School", 0.6],
      ["Kabankala", "Kabakala", 0.583333],
      ["Kabankala", "Nehalla Bankalah Reserved Forest", 0.5],
      ["Baykal", "Boloto Malyy Baykal", 1],
      ["Baykal", "Baykalo-Amurskaya Zheleznaya Doroga", 0.857143],
      ["Baykal", "Zabaykal", 0.714286],
      ["Baykal", "Bakal Batu", 0.571429],
    ];
    for (const [a, b, expected] of cases)
      expect(wordSimilarity(a, b), `${a} / ${b}`).toBeCloseTo(expected, 5);
  });

  it("returns float4 values like PostgreSQL", () => {
    expect(wordSimilarity("word", "two words")).toBe(Math.fround(0.8));
  });
});
