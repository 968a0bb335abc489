import { describe, expect, it } from "vitest";
import { engagementOf } from "./engagement";

describe("engagementOf", () => {
  it("adds shares where the platform's E includes them (§1.1)", () => {
    expect(engagementOf({ platform: "facebook", likes: 10, comments: 3, shares: 2 })).toBe(15);
    expect(engagementOf({ platform: "tiktok", likes: 10, comments: 3, shares: 2 })).toBe(15);
    expect(engagementOf({ platform: "linkedin", likes: 10, comments: 3, shares: 2 })).toBe(15);
    expect(engagementOf({ platform: "twitter", likes: 10, comments: 3, shares: 2 })).toBe(15);
  });

  it("leaves shares out on instagram (parity) and youtube", () => {
    expect(engagementOf({ platform: "instagram", likes: 10, comments: 3, shares: 2 })).toBe(13);
    expect(engagementOf({ platform: "youtube", likes: 10, comments: 3, shares: 2 })).toBe(13);
  });

  it("is unknown when a count it adds up is unknown, rather than a sum that reads low", () => {
    expect(engagementOf({ platform: "twitter", likes: 10, comments: 3, shares: null })).toBeNull();
    expect(engagementOf({ platform: "youtube", likes: null, comments: 3, shares: null })).toBeNull();
    expect(engagementOf({ platform: "instagram", likes: 10, comments: null, shares: 2 })).toBeNull();
    expect(engagementOf({ platform: "youtube", likes: 10, comments: 3, shares: null })).toBe(13);
  });
});
