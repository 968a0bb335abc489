import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../../lib/seeded";
import { addDays } from "../periods";
import { computeContent } from "./compute-content";
import { fitPillars } from "./fit-pillars";
import { dailyFollowers, makePost } from "./test-fixtures";
import type { ContentPost, SocialNetwork } from "./types";

/**
 * A brand-sized load: 6,000 posts over 150 days (window 30, previous 30, 90 before), captions of 8–24 words from
 * 8 topic vocabularies plus a Zipf-ish common vocabulary. Times are logged, not asserted: CI machines vary.
 */
function benchmarkPosts(count: number): ContentPost[] {
  const random = mulberry32(42);
  const topics = Array.from({ length: 8 }, (_, t) =>
    Array.from({ length: 40 }, (_, w) => `topic${t}word${w}`),
  );
  const common = Array.from({ length: 400 }, (_, w) => `common${w}`);
  const zipf = () => common[Math.floor(common.length * random() ** 3)] as string;
  const platforms: SocialNetwork[] = ["instagram", "tiktok", "facebook", "youtube"];
  const start = Date.parse("2024-01-03T00:00:00Z");
  return Array.from({ length: count }, (_, i) => {
    const topic = topics[Math.floor(random() * topics.length)] as string[];
    const words = Array.from({ length: 8 + Math.floor(random() * 16) }, () =>
      random() < 0.5 ? (topic[Math.floor(random() * topic.length)] as string) : zipf(),
    );
    const platform = platforms[i % platforms.length] as SocialNetwork;
    return makePost(`post-${i}`, {
      platform,
      at: new Date(start + Math.floor(random() * 150 * 86_400_000)).toISOString(),
      text: `${words.join(" ")} #tag${i % 30} https://example.com/${i}`,
      likes: Math.floor(random() * 500),
      comments: Math.floor(random() * 40),
      shares: platform === "instagram" ? null : Math.floor(random() * 20),
      views: platform === "tiktok" || platform === "youtube" ? 1000 + Math.floor(random() * 20_000) : null,
      format: ["image", "video", "carousel"][i % 3] as string,
    });
  });
}

describe("content benchmark", () => {
  it("fits pillars on 6,000 posts and computes a 30-day window", () => {
    const posts = benchmarkPosts(6000);
    const brand = { id: "bench", name: "Acme", logo: null };
    const followers = (["instagram", "tiktok", "facebook", "youtube"] as const).flatMap((p) =>
      dailyFollowers(p, "2024-01-01", 160, 50_000),
    );
    // CPU time as well as wall time: on a shared machine the wall clock mostly measures the neighbours.
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const model = fitPillars(posts, brand);
    const t1 = performance.now();
    const fitCpu = process.cpuUsage(cpu0).user / 1000;
    if ("status" in model) throw new Error(model.reason);
    const window = { from: "2024-05-02", to: "2024-05-31" };
    const previous = { from: addDays(window.from, -30), to: addDays(window.from, -1) };
    const input = {
      brand,
      posts,
      followers,
      window,
      previous,
      now: new Date("2024-06-15T00:00:00Z"),
      pillars: model,
    };
    computeContent(input); // warm-up: loads the sentiment model and JIT-compiles
    const cpu2 = process.cpuUsage();
    const t2 = performance.now();
    const result = computeContent(input);
    const t3 = performance.now();
    const computeCpu = process.cpuUsage(cpu2).user / 1000;
    const size = JSON.stringify(model).length;
    console.log(
      [
        `fitPillars(6000): ${(t1 - t0).toFixed(0)} ms wall, ${fitCpu.toFixed(0)} ms CPU`,
        `computeContent(${result.contentBreakdown.n} window posts): ${(t3 - t2).toFixed(0)} ms wall, ${computeCpu.toFixed(0)} ms CPU`,
        `model ${(size / 1024).toFixed(0)} KB, ${model.pillars.length} pillars, confidence ${model.confidence}`,
      ].join("; "),
    );
    expect(size).toBeLessThan(300 * 1024);
    expect(result.architecture.status).toBe("ok");
  });
});
