import { describe, expect, it } from "vitest";
import { generateSample } from "../../sample/generate";
import { derivePersonas } from "./derive-personas";
import { stableUuid } from "./stable-hash";
import type { PersonaResult, SegmentInput, SocialNetwork } from "./types";

interface PlantedType {
  ages: string[];
  genders: string[];
  countries: string[];
  interests: Record<string, number>;
  platforms: Partial<Record<SocialNetwork, number>>;
  size: number;
}

/** One segment per (age, gender, country) of each type, its profile wobbling by ±1.5 % so no two are equal. */
function plant(types: PlantedType[]): SegmentInput[] {
  const out: SegmentInput[] = [];
  types.forEach((t, ti) => {
    let n = 0;
    for (const ageBand of t.ages)
      for (const gender of t.genders)
        for (const country of t.countries) {
          const wobble = 1 + ((n++ % 3) - 1) * 0.015;
          out.push({
            id: `t${ti}-${ageBand}-${gender}-${country}`,
            ageBand,
            gender,
            country,
            interests: Object.entries(t.interests).map(([interest, w], i) => ({
              interest,
              weight: i === 0 ? w * wobble : w,
            })),
            platformAffinity: t.platforms,
            size: t.size,
          });
        }
  });
  return out;
}

const HOME_COOKS: PlantedType = {
  ages: ["25-34", "35-44"],
  genders: ["female"],
  countries: ["US", "CA", "GB", "AU", "IE", "NZ"],
  interests: { cooking: 0.6, food: 0.4 },
  platforms: { instagram: 0.8, facebook: 0.2 },
  size: 1000,
};
const HIKERS: PlantedType = {
  ages: ["45-54", "55-64"],
  genders: ["male"],
  countries: ["DE", "FR", "ES", "IT", "NL", "SE"],
  interests: { hiking: 0.6, outdoors: 0.4 },
  platforms: { facebook: 0.7, youtube: 0.3 },
  size: 500,
};
const GAMERS: PlantedType = {
  ages: ["13-17", "18-24"],
  genders: ["female", "male"],
  countries: ["JP", "KR", "BR"],
  interests: { gaming: 0.7, music: 0.3 },
  platforms: { tiktok: 0.6, youtube: 0.4 },
  size: 250,
};
const PLANTED = plant([HOME_COOKS, HIKERS, GAMERS]);

function ok(result: ReturnType<typeof derivePersonas>): PersonaResult[] {
  if (result.status !== "ok") throw new Error(result.reason);
  return result.personas;
}

const byTopInterest = (personas: PersonaResult[], label: string) => {
  const p = personas.find((x) => x.interests[0] === label);
  if (!p) throw new Error(`no persona led by ${label}`);
  return p;
};

describe("derivePersonas on a planted audience (NMF path)", () => {
  const result = derivePersonas({ brandId: "brand-1", referenceYear: 2026, segments: PLANTED });
  const personas = ok(result);

  it("uses NMF and finds exactly the three planted personas", () => {
    expect(result.status === "ok" && result.method).toBe("nmf");
    expect(personas).toHaveLength(3);
    expect(personas.map((p) => p.interests[0]).sort()).toEqual(["Cooking", "Gaming", "Hiking"].sort());
  });

  it("recovers sizes and shares within 2 %", () => {
    // 12 × 1000, 12 × 500, 12 × 250 of 21 000 people.
    const cooks = byTopInterest(personas, "Cooking");
    const hikers = byTopInterest(personas, "Hiking");
    const gamers = byTopInterest(personas, "Gaming");
    expect(cooks.size).toBeGreaterThan(12_000 * 0.98);
    expect(cooks.size).toBeLessThan(12_000 * 1.02);
    expect(hikers.share).toBeCloseTo(6_000 / 21_000, 2);
    expect(gamers.share).toBeCloseTo(3_000 / 21_000, 2);
    expect(personas.map((p) => p.size)).toEqual([...personas.map((p) => p.size)].sort((a, b) => b - a));
  });

  it("reads demographics, dominant values and the age range", () => {
    const cooks = byTopInterest(personas, "Cooking");
    expect(cooks.gender).toBe("female");
    // Six countries at 1/6 each: no dominant country.
    expect(cooks.country).toBeNull();
    // 25-34 and 35-44 at 50 % each: the range grows to hold 65 %.
    expect([cooks.ageMin, cooks.ageMax]).toEqual([25, 44]);
    const gamers = byTopInterest(personas, "Gaming");
    expect(gamers.gender).toBe("mixed");
    expect(gamers.demographics.genders.map((g) => g.share)).toEqual([
      expect.closeTo(0.5, 2),
      expect.closeTo(0.5, 2),
    ]);
  });

  it("scales the radar so the top interest is 100", () => {
    for (const p of personas) {
      expect(p.interestRadar[0]?.score).toBe(100);
      for (const r of p.interestRadar) expect(r.score).toBeGreaterThanOrEqual(0);
    }
    // Cooking 0.6 vs food 0.4 → 67 (±1 for the wobble).
    const cooks = byTopInterest(personas, "Cooking");
    expect(cooks.interestRadar[1]?.interest).toBe("Food");
    expect(Math.abs((cooks.interestRadar[1]?.score ?? 0) - 67)).toBeLessThanOrEqual(1);
  });

  it("splits platforms to a sum of 1 and lists those at 15 % or more, largest first", () => {
    for (const p of personas) {
      expect(p.platformSplit.reduce((s, x) => s + x.share, 0)).toBeCloseTo(1, 9);
    }
    const cooks = byTopInterest(personas, "Cooking");
    expect(cooks.platforms).toEqual(["instagram", "facebook"]);
    expect(cooks.platformSplit[0]?.share).toBeCloseTo(0.8, 1);
  });

  it("names personas from the (country, gender, era) table and the descriptor table", () => {
    const cooks = byTopInterest(personas, "Cooking");
    // Leading country US (ties broken by label: AU < CA < …, so check the separator and descriptor only).
    expect(cooks.name).toMatch(/^[^ ]+ — Home Cook$/);
    const hikers = byTopInterest(personas, "Hiking");
    expect(hikers.name.endsWith("— Trail Hiker") || hikers.name.endsWith("— Outdoor Explorer")).toBe(true);
  });

  it("gives uuid-shaped ids", () => {
    for (const p of personas)
      expect(p.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe("persona count", () => {
  it("finds five planted personas", () => {
    const extra: PlantedType[] = [
      {
        ...HOME_COOKS,
        interests: { skincare: 0.7, makeup: 0.3 },
        platforms: { instagram: 1 },
        countries: ["FR", "IT", "ES"],
      },
      {
        ...HIKERS,
        interests: { tech: 0.6, productivity: 0.4 },
        platforms: { linkedin: 1 },
        countries: ["US", "IN", "GB"],
      },
    ];
    const personas = ok(
      derivePersonas({
        brandId: "b5",
        referenceYear: 2026,
        segments: plant([HOME_COOKS, HIKERS, GAMERS, ...extra]),
      }),
    );
    expect(personas).toHaveLength(5);
    expect(personas.map((p) => p.interests[0]).sort()).toEqual([
      "Cooking",
      "Gaming",
      "Hiking",
      "Skincare",
      "Tech",
    ]);
  });
});

describe("fallback to weighted k-means", () => {
  it("clusters segments when there are fewer than 30 demographic groups", () => {
    const few = plant([
      { ...HOME_COOKS, countries: ["US", "CA", "GB"] },
      { ...HIKERS, countries: ["DE", "FR", "ES"] },
      { ...GAMERS, countries: ["JP"] },
    ]);
    const result = derivePersonas({ brandId: "small", referenceYear: 2026, segments: few });
    expect(result.status === "ok" && result.method).toBe("kmeans");
    const personas = ok(result);
    expect(personas).toHaveLength(3);
    // Hard clusters: sizes are exact sums of segment sizes (6 × 1000, 6 × 500, 4 × 250).
    expect(personas.map((p) => p.size)).toEqual([6000, 3000, 1000]);
    expect(personas.map((p) => p.interests[0])).toEqual(["Cooking", "Hiking", "Gaming"]);
    expect(personas[0]?.interestRadar[0]?.score).toBe(100);
  });
});

describe("insufficient input", () => {
  it("needs five segments with interests", () => {
    const segments = PLANTED.slice(0, 6).map((s, i) => (i < 2 ? { ...s, interests: [] } : s));
    expect(derivePersonas({ brandId: "b", referenceYear: 2026, segments })).toEqual({
      status: "insufficient_history",
      reason: "needs 5 audience segments with interests, has 4",
      n: 4,
    });
  });

  it("ignores interest ids outside the taxonomy and segments without size", () => {
    const segments = PLANTED.slice(0, 5).map((s, i) =>
      i === 0 ? { ...s, size: 0 } : i === 1 ? { ...s, interests: [{ interest: "knitting", weight: 1 }] } : s,
    );
    expect(derivePersonas({ brandId: "b", referenceYear: 2026, segments }).status).toBe(
      "insufficient_history",
    );
  });
});

describe("on the sample data", () => {
  const data = generateSample({ scale: 1 });
  const segments = [...data.audienceSegments()];
  const brands = data.brands.slice(0, 12);
  const segmentsOf = (brandId: string) =>
    segments.filter((s) => s.brandId === brandId).map((s): SegmentInput => ({ ...s }));

  it("is deterministic, whatever the input order", () => {
    const b = brands[0]?.id ?? "";
    const first = derivePersonas({ brandId: b, referenceYear: 2026, segments: segmentsOf(b) });
    const second = derivePersonas({ brandId: b, referenceYear: 2026, segments: segmentsOf(b).reverse() });
    expect(second).toEqual(first);
  });

  it("gives every persona of a brand its own first name and title, within 3–8 personas", () => {
    for (const brand of brands) {
      const personas = ok(
        derivePersonas({ brandId: brand.id, referenceYear: 2026, segments: segmentsOf(brand.id) }),
      );
      expect(personas.length).toBeGreaterThanOrEqual(3);
      expect(personas.length).toBeLessThanOrEqual(8);
      const firstNames = personas.map((p) => p.name.split(" — ")[0]);
      expect(new Set(firstNames).size).toBe(personas.length);
      expect(new Set(personas.map((p) => p.id)).size).toBe(personas.length);
      for (const p of personas) expect(p.share).toBeGreaterThanOrEqual(0.05);
    }
  });

  it("keeps ids and names of personas that barely changed", () => {
    const b = brands[1]?.id ?? "";
    const before = ok(derivePersonas({ brandId: b, referenceYear: 2026, segments: segmentsOf(b) }));
    // Stored ids and names that the method would never generate, to prove they were carried over.
    const previous = before.map((p, i) => ({
      id: stableUuid("stored", String(i)),
      name: `Stored${i} — Old Title`,
      vector: p.vector,
    }));
    const nudged = segmentsOf(b).map((s, i) => ({
      ...s,
      size: Math.round(s.size * (1 + ((i % 5) - 2) * 0.002)),
    }));
    const after = ok(derivePersonas({ brandId: b, referenceYear: 2026, segments: nudged, previous }));
    expect(after.length).toBe(before.length);
    expect(after.map((p) => p.id).sort()).toEqual(previous.map((p) => p.id).sort());
    for (const p of after) {
      const stored = previous.find((x) => x.id === p.id);
      expect(p.name).toBe(stored?.name);
    }
  });

  it("issues new ids when the previous personas look nothing alike", () => {
    const b = brands[2]?.id ?? "";
    const vector = new Array<number>(32).fill(0);
    vector[31] = 1;
    const previous = [{ id: stableUuid("stored", "x"), name: "Stored — Title", vector }];
    const personas = ok(
      derivePersonas({ brandId: b, referenceYear: 2026, segments: segmentsOf(b), previous }),
    );
    expect(personas.map((p) => p.id)).not.toContain(previous[0]?.id);
  });
});
