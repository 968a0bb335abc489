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
    expect(tokens.runs).toEqual([["cold", "brew", "recipe"]]);
  });

  it("drops stop words, numbers, single letters, social terms and the brand's name, splitting runs there", () => {
    const tokens = tokenize(
      "Acme Coffee's 2 best beans are not in the shop, link in bio! Iced latte x season",
    );
    expect(tokens.runs).toEqual([["beans"], ["shop"], ["iced", "latte"], ["season"]]);
  });

  it("drops the brand's hashtag but keeps other hashtags", () => {
    expect(tokenize("#AcmeCoffee #latte").hashtags).toEqual(["#latte"]);
  });

  it("drops number words, weekdays, months, times of day, relative time and marketing adjectives", () => {
    const tokens = tokenize(
      "Three perfect new flavours this Friday at 6pm, 10:30am or 18h30: our 1st tasting tomorrow, Sept 3rd. Amazing!",
    );
    expect(tokens.runs).toEqual([["flavours"], ["tasting"]]);
  });

  it("drops German and French function words and filler, keeping é, ü and ß inside words", () => {
    expect(
      tokenize("Die neue Kollektion ist da und der Sommer kann kommen, mit Größe für alle").runs,
    ).toEqual([["kollektion"], ["sommer"], ["größe"]]);
    expect(
      tokenize("Les nouvelles saveurs de l'équipe arrivent avec nos croissants au beurre, vendredi").runs,
    ).toEqual([["saveurs"], ["équipe", "arrivent"], ["croissants"], ["beurre"]]);
    expect(tokenize("Nuevo sabor de café con leche de avena para el desayuno del viernes").runs).toEqual([
      ["sabor"],
      ["café"],
      ["leche"],
      ["avena"],
      ["desayuno"],
    ]);
  });

  it("keeps an English post's words that are function words elsewhere ('pour', 'door')", () => {
    expect(tokenize("Pour over coffee by the door, then come in").runs).toEqual([
      ["pour"],
      ["coffee"],
      ["door"],
    ]);
  });

  it("reads a post with too few function words in the brand's language", () => {
    expect(createTokenizer("Acme", { country: "DE" })("Neue Kollektion").runs).toEqual([["kollektion"]]);
    expect(createTokenizer("Acme", { country: "GB" })("Neue Kollektion").runs).toEqual([
      ["neue", "kollektion"],
    ]);
  });

  it("keeps words of the brand's and competitors' names that a filler list holds, but not their function words", () => {
    const keepNames = createTokenizer("New Balance", { keep: ["Three", "Perfect Moment", "The Body Shop"] });
    expect(keepNames("Three new drops and the perfect gift this Friday at the Body Shop").runs).toEqual([
      ["three", "new", "drops"],
      ["perfect", "gift"],
      ["body", "shop"],
    ]);
    // The brand's own name still goes, as a phrase.
    expect(keepNames("New Balance 574 runners, new arrivals").runs).toEqual([
      ["runners"],
      ["new", "arrivals"],
    ]);
  });
});
