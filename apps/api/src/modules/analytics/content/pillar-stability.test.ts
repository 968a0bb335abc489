import { describe, expect, it } from "vitest";
import { createPillarAssigner } from "./assign-pillars";
import { documentTerms } from "./doc-terms";
import { fitPillars } from "./fit-pillars";
import type { PillarModel, PillarNode } from "./pillar-model";
import { keepPillarIdentity, termCosine } from "./pillar-stability";
import { makePost, syntheticTopicPosts } from "./test-fixtures";
import { createTokenizer } from "./text-tokens";
import type { ContentPost } from "./types";

const brand = { id: "b1", name: "Acme" };
const tokenize = createTokenizer(brand.name);

function fitModel(posts: readonly ContentPost[]): PillarModel {
  const model = fitPillars(posts, brand);
  if ("status" in model) throw new Error(model.reason);
  return model;
}

/** Which pillar (id, label, colour) most of each topic's posts fall in. */
function pillarOfTopic(model: PillarModel, data: readonly { post: ContentPost; topic: string }[]) {
  const assign = createPillarAssigner(model);
  const votes = new Map<string, Map<number, number>>();
  for (const { post, topic } of data) {
    const place = assign(documentTerms(tokenize(post.text)));
    if (!place) continue;
    const tally = votes.get(topic) ?? new Map<number, number>();
    tally.set(place.pillar, (tally.get(place.pillar) ?? 0) + 1);
    votes.set(topic, tally);
  }
  const result: Record<string, { id: string; label: string; color: string }> = {};
  for (const [topic, tally] of votes) {
    const [index] = [...tally].sort((a, b) => b[1] - a[1])[0] ?? [0];
    const node = model.pillars[index] as PillarNode;
    result[topic] = { id: node.id, label: node.label, color: node.color };
  }
  return result;
}

const GARDENING =
  "garden compost seedlings tomatoes pruning soil mulch greenhouse watering roses hedge bulbs";

/** Posts on a topic the earlier fit never saw, drawn like the fixtures (six topic words, two fillers). */
function gardeningPosts(count: number): { post: ContentPost; topic: string }[] {
  const words = GARDENING.split(" ");
  const fillers = "today weekend team happy morning".split(" ");
  let state = 11;
  const pick = <T>(list: readonly T[]) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return list[Math.floor((state / 2147483648) * list.length)] as T;
  };
  return Array.from({ length: count }, (_, i) => {
    const text = [...Array.from({ length: 6 }, () => pick(words)), pick(fillers), pick(fillers)].join(" ");
    return { post: makePost(`garden-${String(i).padStart(4, "0")}`, { text }), topic: "gardening" };
  });
}

describe("termCosine", () => {
  it("compares c-TF-IDF vectors by term", () => {
    const a = new Map([
      ["latte", 3],
      ["barista", 4],
    ]);
    expect(
      termCosine(
        a,
        new Map([
          ["latte", 6],
          ["barista", 8],
        ]),
      ),
    ).toBeCloseTo(1, 12);
    // (3·4) / (5 · 4) = 0.6
    expect(termCosine(a, new Map([["latte", 4]]))).toBeCloseTo(0.6, 12);
    expect(termCosine(a, new Map([["gym", 1]]))).toBe(0);
  });
});

describe("keepPillarIdentity", () => {
  const before = syntheticTopicPosts(60);
  const previous = fitModel(before.map((d) => d.post));
  const previousByTopic = pillarOfTopic(previous, before);

  it("keeps ids, labels and colours when a refit on slightly changed posts ranks the pillars differently", () => {
    // 25 coffee posts gone and 20 new travel posts: travel becomes the largest pillar, coffee the smallest.
    const extra = syntheticTopicPosts(20, 2)
      .filter((d) => d.topic === "travel")
      .map((d) => ({ ...d, post: { ...d.post, id: `new-${d.post.id}` } }));
    const after = [...before.filter((d) => !(d.topic === "coffee" && d.post.id >= "coffee-0035")), ...extra];
    const refit = fitModel(after.map((d) => d.post));
    // The bare refit numbers and colours its pillars by their new sizes, so they would change…
    expect(pillarOfTopic(refit, after)).not.toEqual(previousByTopic);
    // …and matching them to the previous model puts the names and colours back.
    const kept = keepPillarIdentity(refit, previous);
    expect(pillarOfTopic(kept, after)).toEqual(previousByTopic);
    expect(kept.pillars.map((p) => p.terms)).toEqual(refit.pillars.map((p) => p.terms));
  });

  it("gives a genuinely new pillar a new id and a colour no kept pillar has", () => {
    const after = [...before, ...gardeningPosts(60)];
    const kept = keepPillarIdentity(fitModel(after.map((d) => d.post)), previous);
    const byTopic = pillarOfTopic(kept, after);
    for (const topic of ["coffee", "fitness", "travel"])
      expect(byTopic[topic]).toEqual(previousByTopic[topic]);
    const garden = byTopic.gardening;
    expect(previous.pillars.map((p) => p.id)).not.toContain(garden?.id);
    expect(garden?.id).toBe("p4");
    expect(previous.pillars.map((p) => p.color)).not.toContain(garden?.color);
    expect(garden?.label.toLowerCase().split(/[\s,&]+/u)[0]).toSatisfy((w: string) => GARDENING.includes(w));
  });

  it("leaves a first fit as it is", () => {
    const model = fitModel(before.map((d) => d.post));
    expect(keepPillarIdentity(model, undefined)).toBe(model);
  });
});
