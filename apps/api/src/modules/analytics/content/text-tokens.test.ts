import { describe, expect, it } from "vitest";
import { createTokenizer } from "./text-tokens";

describe("createTokenizer", () => {
  const tokenize = createTokenizer("Acme Coffee");

  it("extracts URLs, hashtags, mentions and emojis before tokenising", () => {
    const tokens = tokenize(
      "New cold-brew recipe 😍 https://acme.co/x?y=1 with @BaristaJoe #ColdBrew #Summer_24",
    );
    expect(tokens.hashtags).toEqual(["#coldbrew", "#summer_24"]);
    expect(tokens.mentions).toEqual(["@baristajoe"]);
    expect(tokens.emojis).toEqual(["😍"]);
    expect(tokens.runs).toEqual([["new", "cold", "brew", "recipe"]]);
  });

  it("drops stop words, numbers, single letters, social terms and the brand's name, splitting runs there", () => {
    const tokens = tokenize(
      "Acme Coffee's 2 best beans are not in the shop, link in bio! Iced latte x season",
    );
    expect(tokens.runs).toEqual([["best", "beans"], ["shop"], ["iced", "latte"], ["season"]]);
  });

  it("drops the brand's hashtag but keeps other hashtags", () => {
    expect(tokenize("#AcmeCoffee #latte").hashtags).toEqual(["#latte"]);
  });
});
