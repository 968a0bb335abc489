import { describe, expect, it } from "vitest";
import { classifyIntent } from "./classify-intent";

describe("classifyIntent", () => {
  it("puts a brand name first and keeps the other matches as secondary", () => {
    expect(classifyIntent("buy nike shoes", ["Nike"], 1, 0.5, 2)).toEqual({
      primary: "navigational",
      secondary: ["transactional"],
      confidence: "high",
    });
  });

  it("matches brand names and phrases as whole words only", () => {
    // "nikes" is not the brand; "login" sits inside no other word here.
    expect(classifyIntent("nikes history", ["nike"], null, null, null).confidence).toBe("low");
    expect(classifyIntent("oat milk promo code", [], null, null, null).primary).toBe("transactional");
    expect(classifyIntent("promotional code generator", [], null, null, null).primary).not.toBe(
      "transactional",
    );
  });

  it("recognises questions and guides as informational", () => {
    expect(classifyIntent("how to brew coffee", [], null, null, null)).toEqual({
      primary: "informational",
      secondary: [],
      confidence: "high",
    });
    expect(classifyIntent("is oat milk healthy", [], null, null, null).primary).toBe("informational");
    // "is" counts only as the first word.
    expect(classifyIntent("this is oat milk", [], null, null, null).confidence).toBe("low");
  });

  it("ranks commercial investigation above information", () => {
    expect(classifyIntent("best espresso machine how to choose", [], null, null, null)).toEqual({
      primary: "commercial",
      secondary: ["informational"],
      confidence: "high",
    });
    expect(classifyIntent("running shoes for beginners", [], null, null, null).primary).toBe("commercial");
  });

  it("knows the ES/FR/DE/PT/IT equivalents, accents or not", () => {
    expect(classifyIntent("comprar café en grano", [], null, null, null).primary).toBe("transactional");
    expect(classifyIntent("meilleure machine à café", [], null, null, null).primary).toBe("commercial");
    expect(classifyIntent("kaffeemaschine günstig kaufen", [], null, null, null).primary).toBe(
      "transactional",
    );
    expect(classifyIntent("receita de bolo", [], null, null, null).primary).toBe("informational");
    expect(classifyIntent("come fare il caffè", [], null, null, null, "it").primary).toBe("informational");
    expect(classifyIntent("zapatillas para principiantes", [], null, null, null).primary).toBe("commercial");
  });

  it("uses only English and the given language when the language is known", () => {
    // "come" is Italian for "how", but an English keyword does not ask a question with it.
    expect(classifyIntent("come dine with me", [], null, null, null, "en").confidence).toBe("low");
    expect(classifyIntent("come dine with me", [], null, null, null).primary).toBe("informational");
  });

  it("falls back to informational, or commercial when the clicks are expensive and contested", () => {
    expect(classifyIntent("oat milk", [], 0.5, 0.9, 1)).toEqual({
      primary: "informational",
      secondary: [],
      confidence: "low",
    });
    expect(classifyIntent("oat milk", [], 1.2, 0.67, 1)).toEqual({
      primary: "commercial",
      secondary: [],
      confidence: "low",
    });
    expect(classifyIntent("oat milk", [], 1.2, 0.6, 1).primary).toBe("informational");
  });
});
