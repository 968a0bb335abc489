import { describe, expect, it } from "vitest";
import { COUNTRIES, INTERESTS } from "../../sample/vocabulary";
import { GIVEN_NAMES, givenNames, NEUTRAL_NAMES, nameEra } from "./given-names";
import { INTEREST_TAXONOMY } from "./interest-taxonomy";
import { type NameRegistry, type NamingSubject, namePersona } from "./persona-naming";
import { stableHash32 } from "./stable-hash";

const fresh = (): NameRegistry => ({ firstNames: new Set(), descriptors: new Set() });
const subject = (over: Partial<NamingSubject> = {}): NamingSubject => ({
  key: "25-34|female|ES|outdoors",
  gender: "female",
  country: "ES",
  age: 29.5,
  signatureInterests: ["outdoors", "hiking"],
  ...over,
});

describe("name tables", () => {
  it("has ten names per country, gender and era for every sample country, and a descriptor per interest", () => {
    for (const { code } of COUNTRIES)
      for (const gender of ["female", "male"] as const)
        for (const era of ["1950-1969", "1970-1989", "1990-2010"] as const) {
          const names = givenNames(code, gender, era);
          expect(names, `${code} ${gender} ${era}`).toHaveLength(10);
          expect(new Set(names).size).toBe(10);
        }
    expect(Object.keys(GIVEN_NAMES)).toHaveLength(COUNTRIES.length);
    for (const id of INTERESTS) expect(INTEREST_TAXONOMY[id].descriptor).not.toBe("");
  });

  it("maps birth years to eras", () => {
    expect(nameEra(1969)).toBe("1950-1969");
    expect(nameEra(1970)).toBe("1970-1989");
    expect(nameEra(1997)).toBe("1990-2010");
  });
});

describe("namePersona", () => {
  it("takes entry hash(brandId, key) mod 10 of the (country, gender, era) list", () => {
    const s = subject();
    const list = givenNames("ES", "female", "1990-2010");
    const expected = list[stableHash32("brand", s.key) % 10];
    expect(namePersona("brand", s, 2026, fresh())).toBe(`${expected} — Outdoor Explorer`);
  });

  it("moves to the next name and the next descriptor when taken within the brand", () => {
    const registry = fresh();
    const s = subject();
    const list = givenNames("ES", "female", "1990-2010");
    const start = stableHash32("brand", s.key) % 10;
    const first = namePersona("brand", s, 2026, registry);
    const second = namePersona("brand", s, 2026, registry);
    expect(first).toBe(`${list[start]} — Outdoor Explorer`);
    expect(second).toBe(`${list[(start + 1) % 10]} — Outdoor Explorer & Trail Hiker`);
  });

  it("uses the gender-neutral list for mixed personas", () => {
    const name = namePersona("brand", subject({ gender: "mixed" }), 2026, fresh());
    expect(NEUTRAL_NAMES).toContain(name.split(" — ")[0]);
  });

  it("falls back to US names for countries outside the table", () => {
    const name = namePersona("brand", subject({ country: "ZZ", age: 60 }), 2026, fresh());
    expect(givenNames("US", "female", "1950-1969")).toContain(name.split(" — ")[0]);
  });
});
