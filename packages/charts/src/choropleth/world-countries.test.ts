import { describe, expect, it } from "vitest";
import { alpha3FromNumeric, COUNTRIES, countryName } from "./world-countries";

describe("alpha3FromNumeric", () => {
  it("maps world-atlas numeric ids to ISO alpha-3", () => {
    expect(alpha3FromNumeric("840")).toBe("USA");
    expect(alpha3FromNumeric("826")).toBe("GBR");
    expect(alpha3FromNumeric("076")).toBe("BRA");
  });
  it("accepts unpadded numbers", () => {
    expect(alpha3FromNumeric(36)).toBe("AUS");
    expect(alpha3FromNumeric("4")).toBe("AFG");
  });
  it("knows nothing of codes ISO does not define", () => {
    expect(alpha3FromNumeric("999")).toBeUndefined();
  });
});

describe("the shipped world map", () => {
  it("holds every country but Antarctica, keyed by alpha-3", () => {
    expect(COUNTRIES.length).toBe(176);
    expect(COUNTRIES.some((country) => country.id === "ATA")).toBe(false);
    const isoIds = COUNTRIES.filter((country) => /^[A-Z]{3}$/.test(country.id));
    // Kosovo, N. Cyprus and Somaliland have no ISO code in Natural Earth.
    expect(COUNTRIES.length - isoIds.length).toBe(3);
    expect(new Set(COUNTRIES.map((country) => country.id)).size).toBe(COUNTRIES.length);
  });
  it("names countries for the text alternative", () => {
    expect(countryName("USA")).toBe("United States of America");
    expect(countryName("deu")).toBe("Germany");
    expect(countryName("XYZ")).toBeUndefined();
  });
});
