import { describe, expect, it } from "vitest";
import { indexFollowers } from "./engagement";
import { performanceSection } from "./performance";
import { relativePerformance } from "./relative-performance";
import { dailyFollowers, makePost } from "./test-fixtures";

const followers = indexFollowers(dailyFollowers("instagram", "2024-01-01", 120, 1000));
const now = new Date("2024-04-05T00:00:00Z");
/** Ten February posts with ER 0.01…0.10: the reference median is (0.05 + 0.06) / 2 = 0.055. */
const references = Array.from({ length: 10 }, (_, i) =>
  makePost(`ref${i}`, { likes: (i + 1) * 10, at: `2024-02-${String(i + 10).padStart(2, "0")}T12:00:00Z` }),
);
const at = "2024-03-10T12:00:00Z";

function rate(candidates: ReturnType<typeof makePost>[], history = references) {
  return relativePerformance(candidates, [...history, ...candidates], followers, now);
}

describe("relativePerformance", () => {
  it("divides a post's ER by the median ER of the 90 days before it", () => {
    const [rated] = rate([makePost("top", { likes: 121, at })]);
    expect(rated?.rate).toBeCloseTo(0.121, 12);
    expect(rated?.relativePerformance).toBeCloseTo(2.2, 12);
  });

  it("skips posts younger than 72 hours (7 days on YouTube)", () => {
    const young = makePost("young", { likes: 121, at: "2024-04-03T12:00:00Z" });
    const youtube = makePost("yt", { platform: "youtube", likes: 1, views: 100, at: "2024-03-31T00:00:00Z" });
    expect(rate([young, youtube])).toEqual([]);
  });

  it("needs 10 reference posts", () => {
    expect(rate([makePost("top", { likes: 121, at })], references.slice(1))).toEqual([]);
  });

  it("narrows to the same format when it has 10 references", () => {
    const videos = references.map((r) => ({
      ...r,
      id: `v${r.id}`,
      format: "video",
      likes: (r.likes ?? 0) * 2,
    }));
    const [rated] = rate([makePost("v", { format: "video", likes: 110, at })], [...references, ...videos]);
    // Video median is 0.11, so 0.11 scores 1 rather than the 0.11 / 0.065 of a mixed pool.
    expect(rated?.relativePerformance).toBeCloseTo(1, 12);
  });
});

describe("performanceSection", () => {
  it("lists the best five with RPI ≥ 2 and the worst five with RPI ≤ 0.5", () => {
    const tops = [121, 132, 143, 154, 165, 176].map((likes, i) => makePost(`top${i}`, { likes, at }));
    const candidates = [
      ...tops,
      makePost("mid", { likes: 55, at }),
      makePost("low", { likes: 11, at, text: "x".repeat(300) }),
    ];
    const section = performanceSection(candidates, rate(candidates), null);
    expect(section.status).toBe("ok");
    expect(section.n).toBe(8);
    expect(section.top.map((p) => p.id)).toEqual(["top5", "top4", "top3", "top2", "top1"]);
    expect(section.top[0]?.relativePerformance).toBeCloseTo(176 / 55, 12);
    expect(section.under.map((p) => p.id)).toEqual(["low"]);
    expect(section.under[0]).toMatchObject({
      platform: "instagram",
      url: "https://example.com/p/low",
      logo: "",
      publishedAt: "2024-03-10T12:00:00.000Z",
      format: "image",
    });
    expect(Array.from(section.under[0]?.text ?? "")).toHaveLength(280);
    expect(section.under[0]?.relativePerformance).toBeCloseTo(0.2, 12);
  });

  it("says why when no post can be rated", () => {
    const section = performanceSection([makePost("a", { at })], [], "logo.png");
    expect(section.status).toBe("insufficient_history");
    expect(section.reason).toContain("against 10 earlier posts of its platform");
    expect(performanceSection([], [], null).status).toBe("no_data");
  });

  it("rates only posts whose engagement is known and says how many it left out", () => {
    const known = [makePost("top", { likes: 176, at }), makePost("low", { likes: 11, at })];
    const unknown = [makePost("u1", { likes: null, at }), makePost("u2", { comments: null, at })];
    const candidates = [...known, ...unknown];
    const section = performanceSection(candidates, rate(candidates), null);
    expect(section).toMatchObject({ status: "ok", n: 2, unknownEngagement: 2 });
    expect(section.top.map((p) => p.id)).toEqual(["top"]);
    expect(section.under.map((p) => p.id)).toEqual(["low"]);
    // Every post of the period unknown: no list, and the reason says why rather than "no history".
    const none = performanceSection(unknown, rate(unknown), null);
    expect(none).toMatchObject({ status: "no_data", n: 0, unknownEngagement: 2, top: [], under: [] });
    expect(none.reason).toContain("not known (not in the imported file");
  });
});
