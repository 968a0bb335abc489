import { describe, expect, it } from "vitest";
import { engagementOf } from "../competitor/engagement";
import { accountEngagementRate } from "./account-rate";
import { followerRate, followersAt, headlineRate, indexFollowers, viewRate } from "./engagement";
import { makePost } from "./test-fixtures";

describe("engagementOf", () => {
  it("adds the counts each platform exposes (§1.1)", () => {
    const counts = { likes: 10, comments: 3, shares: 2 };
    expect(engagementOf(makePost("a", { ...counts, platform: "facebook" }))).toBe(15);
    expect(engagementOf(makePost("b", { ...counts, platform: "tiktok" }))).toBe(15);
    // Instagram and YouTube leave shares out for parity across accounts.
    expect(engagementOf(makePost("c", { ...counts, platform: "instagram" }))).toBe(13);
    expect(engagementOf(makePost("d", { ...counts, platform: "youtube" }))).toBe(13);
  });

  it("is unknown when a count it adds up is unknown, never a sum that reads low (§0)", () => {
    const counts = { likes: 10, comments: 3, shares: 2 };
    expect(engagementOf(makePost("e", { ...counts, shares: null, platform: "linkedin" }))).toBeNull();
    expect(engagementOf(makePost("f", { ...counts, likes: null, platform: "youtube" }))).toBeNull();
    expect(engagementOf(makePost("g", { ...counts, comments: null, platform: "instagram" }))).toBeNull();
    // Shares are not part of E on YouTube: their absence changes nothing.
    expect(engagementOf(makePost("h", { ...counts, shares: null, platform: "youtube" }))).toBe(13);
  });
});

describe("followersAt", () => {
  const index = indexFollowers([
    { platform: "instagram", day: "2024-03-01", followers: 1000 },
    { platform: "instagram", day: "2024-03-11", followers: 2000 },
    { platform: "instagram", day: "2024-04-30", followers: 5000 },
  ]);
  const at = (iso: string) => followersAt(index, "instagram", new Date(iso));

  it("uses the latest snapshot up to 7 days old", () => {
    expect(at("2024-03-08T23:00:00Z")).toBe(1000);
  });

  it("interpolates between snapshots at most 14 days apart once the last one is older", () => {
    // 2024-03-09 is 8 of the 10 days from 03-01 to 03-11.
    expect(at("2024-03-09T10:00:00Z")).toBe(1800);
  });

  it("is null without a usable snapshot", () => {
    expect(at("2024-03-25T10:00:00Z")).toBeNull();
    expect(at("2024-02-27T10:00:00Z")).toBeNull();
    expect(followersAt(index, "tiktok", new Date("2024-03-02T00:00:00Z"))).toBeNull();
  });
});

describe("rates", () => {
  const index = indexFollowers([{ platform: "instagram", day: "2024-03-01", followers: 200 }]);

  it("divides by followers, or by views when there are views", () => {
    const post = makePost("a", { likes: 9, comments: 1, at: "2024-03-02T00:00:00Z" });
    expect(followerRate(post, index)).toBe(0.05);
    expect(
      viewRate(makePost("b", { platform: "tiktok", likes: 9, comments: 1, shares: 0, views: 400 })),
    ).toBe(0.025);
  });

  it("has no view rate without views or when engagement exceeds views", () => {
    expect(viewRate(makePost("a", { platform: "tiktok", likes: 5, views: 0 }))).toBeNull();
    expect(viewRate(makePost("b", { platform: "tiktok", likes: 50, views: 10 }))).toBeNull();
  });

  it("shows views on TikTok and followers on Instagram", () => {
    const tiktok = makePost("t", { platform: "tiktok", likes: 10, shares: 0, views: 100 });
    expect(headlineRate(tiktok, index)).toBe(0.1);
    expect(headlineRate(makePost("i", { likes: 20, at: "2024-03-01T09:00:00Z" }), index)).toBe(0.1);
  });
});

describe("accountEngagementRate", () => {
  it("weights each platform's mean ERf by its audience", () => {
    const index = indexFollowers([
      { platform: "instagram", day: "2024-03-01", followers: 1000 },
      { platform: "facebook", day: "2024-03-01", followers: 3000 },
    ]);
    const at = "2024-03-02T10:00:00Z";
    const posts = [
      makePost("i1", { likes: 10, at }), // 0.01
      makePost("i2", { likes: 30, at }), // 0.03 → mean 0.02
      makePost("f1", { platform: "facebook", likes: 30, shares: 0, at }), // 0.01
      makePost("x", { platform: "tiktok", likes: 30, views: 100, at }), // no follower snapshot: left out
    ];
    const result = accountEngagementRate(posts, index);
    // Two posts on a 2-post set: the p99 cap is 0.0298, so the instagram mean is (0.01 + 0.0298) / 2 = 0.0199.
    expect(result.n).toBe(3);
    expect(result.value).toBeCloseTo((1000 * 0.0199 + 3000 * 0.01) / 4000, 10);
  });

  it("is null when no post has a follower snapshot", () => {
    expect(accountEngagementRate([makePost("a", { likes: 1 })], indexFollowers([]))).toEqual({
      value: null,
      n: 0,
      unknown: 0,
    });
  });

  it("leaves out posts whose likes are unknown and counts them", () => {
    const index = indexFollowers([{ platform: "instagram", day: "2024-03-01", followers: 1000 }]);
    const at = "2024-03-02T10:00:00Z";
    const known = [makePost("k1", { likes: 10, at }), makePost("k2", { likes: 30, at })];
    const withUnknown = [...known, makePost("u1", { likes: null, at }), makePost("u2", { likes: null, at })];
    const result = accountEngagementRate(withUnknown, index);
    expect(result).toEqual({ ...accountEngagementRate(known, index), unknown: 2 });
    expect(result.n).toBe(2);
  });
});
