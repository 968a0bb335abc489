import { largestRemainder } from "../statistics";
import { createPillarAssigner } from "./assign-pillars";
import { documentTerms } from "./doc-terms";
import type { InsufficientPillars, PillarModel, PillarNode } from "./pillar-model";
import { NO_POSTS } from "./reasons";
import type { Tokenizer } from "./text-tokens";
import type { ContentPost, Schemas } from "./types";

export type ArchitectureSection = Schemas["ContentAnalytics"]["architecture"];
type Pillar = Schemas["Pillar"];

/** Percentages with one decimal that sum to exactly 100 (largest remainder, §0). */
function toPillars(
  nodes: readonly PillarNode[],
  counts: readonly number[],
  withSubs: (n: number) => Pillar[],
): Pillar[] {
  // Rounding ties go to the bigger, then the earlier (fit-rank) pillar, so the order is settled before rounding.
  const order = nodes.map((_, i) => i).sort((a, b) => (counts[b] as number) - (counts[a] as number) || a - b);
  const percentages = largestRemainder(
    order.map((i) => counts[i] as number),
    100,
    1,
  );
  return order.map((i, rank) => {
    const node = nodes[i] as PillarNode;
    const subPillars = withSubs(i);
    return {
      label: node.label,
      percentage: percentages[rank] as number,
      color: node.color,
      ...(subPillars.length > 0 ? { subPillars } : {}),
    };
  });
}

/**
 * The window's posts over the brand's pillars. Every pillar of the model is listed, at 0 when unused, so the set and
 * colours stay the same across periods; a sub-pillar's percentage is its share of its parent pillar's posts.
 */
export function architectureSection(
  windowPosts: readonly ContentPost[],
  model: PillarModel | InsufficientPillars,
  tokenize: Tokenizer,
): ArchitectureSection {
  if ("status" in model) return { status: model.status, reason: model.reason, pillars: [] };
  if (windowPosts.length === 0) return { status: "no_data", reason: NO_POSTS, n: 0, pillars: [] };
  const assign = createPillarAssigner(model);
  const counts = model.pillars.map(() => 0);
  const subCounts = model.pillars.map((p) => p.subPillars.map(() => 0));
  let assigned = 0;
  for (const post of windowPosts) {
    const place = assign(documentTerms(tokenize(post.text)));
    if (!place) continue;
    assigned += 1;
    counts[place.pillar] = (counts[place.pillar] as number) + 1;
    const subs = subCounts[place.pillar] as number[];
    if (place.subPillar !== null) subs[place.subPillar] = (subs[place.subPillar] as number) + 1;
  }
  if (assigned === 0) {
    return {
      status: "no_data",
      reason: "No post in this period uses the words of the pillars",
      n: 0,
      pillars: [],
    };
  }
  const pillars = toPillars(model.pillars, counts, (p) => {
    const node = model.pillars[p] as PillarNode;
    const subs = subCounts[p] as number[];
    return node.subPillars.length === 0 ? [] : toPillars(node.subPillars, subs, () => []);
  });
  return {
    status: "ok",
    n: assigned,
    pillars,
    ...(model.confidence === "low"
      ? { reason: "Low confidence: the pillars are only weakly separated" }
      : {}),
  };
}
