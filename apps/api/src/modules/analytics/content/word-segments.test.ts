import { describe, expect, it } from "vitest";
import { wordSegments } from "./word-segments";

const segmenter = new Intl.Segmenter("en", { granularity: "word" });
const words = (text: string) =>
  wordSegments(text, segmenter)
    .filter((s) => s.isWordLike)
    .map((s) => s.segment);
const icuWords = (text: string) =>
  Array.from(segmenter.segment(text))
    .filter((s) => s.isWordLike)
    .map((s) => s.segment);

describe("wordSegments", () => {
  it.each([
    "Don't miss our new cold-brew at 9am: 20% off, 3.5 stars and 1,000 fans!",
    "It's here — the U.S. launch of café crème… finally\nnext line",
    "Ready?Set.Go! (limited)   spaces\ttabs",
    "Größe, Straße und Müsli — crème brûlée, façade, l'été, niño, São Paulo, Ærø",
  ])("finds the words Intl.Segmenter finds in %j", (text) => {
    expect(words(text)).toEqual(icuWords(text));
  });

  it("keeps whitespace without line breaks as one segment, so a line break can end a sentence", () => {
    expect(wordSegments("a  b\nc", segmenter).map((s) => s.segment)).toEqual(["a", "  ", "b", "\n", "c"]);
  });

  it("hands unspaced scripts to Intl.Segmenter", () => {
    expect(words("今日はいい天気です")).toEqual(icuWords("今日はいい天気です"));
    expect(words("今日はいい天気です").length).toBeGreaterThan(1);
  });

  it("keeps letters with diacritics, ß and ñ inside words, composed or not", () => {
    const expected = ["größe", "straße", "crème", "brûlée", "niño", "l'été", "ærø"];
    expect(words("größe straße, crème brûlée; niño l'été ærø")).toEqual(expected);
    expect(words("größe straße, crème brûlée; niño l'été ærø".normalize("NFD"))).toEqual(
      expected.map((w) => w.normalize("NFD")),
    );
  });
});
