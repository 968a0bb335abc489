import { describe, expect, it } from "vitest";
import { audienceFit, type PersonaProfile } from "./audience-fit";
import type { InfluencerInput } from "./types";

const base: InfluencerInput = {
  id: "i1",
  platform: "instagram",
  followers: 10_000,
  country: "GB",
  topics: [],
  recentPosts: [],
  audience: {
    ages: [
      { label: "18-24", share: 0.6 },
      { label: "25-34", share: 0.4 },
    ],
    genders: [{ label: "female", share: 1 }],
    countries: [
      { label: "GB", share: 0.5 },
      { label: "US", share: 0.5 },
    ],
    interests: [
      { label: "coffee", share: 0.6 },
      { label: "tea", share: 0.8 },
    ],
  },
};

const same: PersonaProfile = {
  id: "p-same",
  interests: { coffee: 0.6, tea: 0.8 },
  ages: { "18-24": 0.6, "25-34": 0.4 },
  genders: { female: 1 },
  countries: { GB: 0.5, US: 0.5 },
};

describe("audienceFit", () => {
  it("is 1 for identical distributions", () => {
    const result = audienceFit(base, [same]);
    expect(result.fit).toBeCloseTo(1, 12);
    expect(result.personaId).toBe("p-same");
  });

  it("weights the block cosines 0.5/0.2/0.2/0.1 and keeps the best persona", () => {
    // interests cos = 0.6 (only coffee shared), gender cos = 0 (male), ages and countries 1:
    // 0.5·0.6 + 0.2·1 + 0.2·1 + 0.1·0 = 0.7.
    const other: PersonaProfile = { ...same, id: "p-other", interests: { coffee: 1 }, genders: { male: 1 } };
    expect(audienceFit(base, [other]).fit).toBeCloseTo(0.7, 12);
    expect(audienceFit(base, [other, same]).personaId).toBe("p-same");
  });

  it("renormalises the weights over the blocks present", () => {
    // No interests: (0.2·1 + 0.2·1 + 0.1·0) / 0.5 = 0.8.
    const noInterests = { ...base, audience: base.audience && { ...base.audience, interests: undefined } };
    expect(audienceFit(noInterests, [{ ...same, genders: { male: 1 } }]).fit).toBeCloseTo(0.8, 12);
  });

  it("needs two blocks, audience data and personas", () => {
    const oneBlock: InfluencerInput = {
      ...base,
      audience: { ages: [{ label: "18-24", share: 1 }], genders: [], countries: [] },
    };
    expect(audienceFit(oneBlock, [same])).toEqual({
      fit: null,
      personaId: null,
      reason: "The profile's audience is not known well enough to compare.",
    });
    expect(audienceFit({ ...base, audience: null }, [same]).reason).toBe(
      "The profile's audience is not known well enough to compare.",
    );
    expect(audienceFit(base, []).reason).toBe(
      "Your brand has no personas yet: audience fit compares with them.",
    );
  });

  it("breaks a tie on persona id", () => {
    expect(
      audienceFit(base, [
        { ...same, id: "b" },
        { ...same, id: "a" },
      ]).personaId,
    ).toBe("a");
  });
});
