import { describe, expect, it } from "vitest";
import { architectureSection } from "./architecture";
import { createPillarAssigner } from "./assign-pillars";
import { documentTerms } from "./doc-terms";
import { fitPillars } from "./fit-pillars";
import type { PillarModel } from "./pillar-model";
import { shuffled, syntheticTopicPosts, TOPICS } from "./test-fixtures";
import { createTokenizer } from "./text-tokens";

const brand = { id: "b1", name: "Acme" };
const tokenize = createTokenizer(brand.name);

function fitted(perTopic: number): { model: PillarModel; data: ReturnType<typeof syntheticTopicPosts> } {
  const data = syntheticTopicPosts(perTopic);
  const model = fitPillars(
    data.map((d) => d.post),
    brand,
  );
  if ("status" in model) throw new Error(model.reason);
  return { model, data };
}

/** For each pillar, the topic most of its posts came from, and how pure it is. */
function purity(model: PillarModel, data: ReturnType<typeof syntheticTopicPosts>) {
  const assign = createPillarAssigner(model);
  const tally = model.pillars.map(() => new Map<string, number>());
  for (const { post, topic } of data) {
    const place = assign(documentTerms(tokenize(post.text)));
    if (place) tally[place.pillar]?.set(topic, (tally[place.pillar]?.get(topic) ?? 0) + 1);
  }
  return tally.map((counts) => {
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    const [topic, top] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ["", 0];
    return { topic, purity: total > 0 ? top / total : 0 };
  });
}

describe("fitPillars", () => {
  it("recovers three planted topics with labels from their own vocabulary", () => {
    const { model, data } = fitted(60);
    expect(model.pillars).toHaveLength(3);
    const found = purity(model, data);
    expect(found.map((f) => f.topic).sort()).toEqual(["coffee", "fitness", "travel"]);
    for (const f of found) expect(f.purity).toBeGreaterThan(0.95);
    model.pillars.forEach((pillar, i) => {
      const vocabulary = TOPICS[found[i]?.topic as keyof typeof TOPICS].split(" ");
      const labelWords = pillar.label
        .toLowerCase()
        .split(/[\s,&]+/u)
        .filter(Boolean);
      expect(labelWords.length).toBeGreaterThanOrEqual(2);
      for (const word of labelWords) expect(vocabulary).toContain(word);
    });
    expect(model.pillars.map((p) => p.color)).toEqual(["var(--chart-1)", "var(--chart-2)", "var(--chart-3)"]);
  });

  it("merges more fine clusters back into the three topics and splits big pillars into sub-pillars", () => {
    const { model, data } = fitted(200);
    expect(model.pillars).toHaveLength(3);
    for (const f of purity(model, data)) expect(f.purity).toBeGreaterThan(0.95);
    for (const pillar of model.pillars) {
      expect(pillar.subPillars.length).toBeGreaterThanOrEqual(2);
      expect(pillar.subPillars.length).toBeLessThanOrEqual(4);
    }
  });

  it("is deterministic and independent of the input order", () => {
    const posts = syntheticTopicPosts(60).map((d) => d.post);
    expect(fitPillars(shuffled(posts), brand)).toEqual(fitPillars(posts, brand));
  });

  it("is plain JSON", () => {
    const { model } = fitted(60);
    expect(JSON.parse(JSON.stringify(model))).toEqual(model);
  });

  it("needs 100 posts with five keywords", () => {
    const posts = syntheticTopicPosts(30).map((d) => d.post);
    expect(fitPillars(posts, brand)).toEqual({
      status: "insufficient_history",
      reason: "Pillars need 100 posts with at least 5 keywords each; there are 90. Import more posts.",
    });
  });
});

describe("architectureSection", () => {
  it("gives each pillar's share of the window's posts, summing to 100", () => {
    const { model, data } = fitted(60);
    // 60 coffee, 30 fitness, 10 travel posts in the window.
    const counts: Record<string, number> = { coffee: 60, fitness: 30, travel: 10 };
    const window = data.filter(({ post, topic }) => Number(post.id.split("-")[1]) < (counts[topic] ?? 0));
    const section = architectureSection(
      window.map((d) => d.post),
      model,
      tokenize,
    );
    expect(section.status).toBe("ok");
    expect(section.n).toBe(100);
    expect(section.pillars.map((p) => p.percentage)).toEqual([60, 30, 10]);
  });

  it("passes the fit's reason on when there is no model", () => {
    const section = architectureSection(
      [],
      { status: "insufficient_history", reason: "needs 100" },
      tokenize,
    );
    expect(section).toEqual({ status: "insufficient_history", reason: "needs 100", pillars: [] });
  });
});
