import { greedyMatch, type MatchPair } from "../greedy-match";
import { rankColor } from "./colors";
import type { PillarModel, PillarNode } from "./pillar-model";

/**
 * Cosine of c-TF-IDF vectors at or above which a refitted pillar is the same pillar
 * (docs/analytics-methods.md §1.7).
 */
export const SAME_PILLAR_COSINE = 0.7;
const CHART_TOKENS = 8;

/** A node's c-TF-IDF vector by term; a model stored without scores weighs its terms alike. */
function vectorOf(node: PillarNode): Map<string, number> {
  return new Map(node.terms.map((term, i) => [term, node.weights?.[i] ?? 1]));
}

export function termCosine(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number {
  let dot = 0;
  for (const [term, x] of a) dot += x * (b.get(term) ?? 0);
  const norm = (v: ReadonlyMap<string, number>) => Math.sqrt([...v.values()].reduce((s, x) => s + x * x, 0));
  const na = norm(a);
  const nb = norm(b);
  return na > 0 && nb > 0 ? dot / (na * nb) : 0;
}

const isOther = (node: PillarNode) => node.id === "other" || node.id.endsWith(".other");

/** Pairs at cosine 0.7 or more, matched one to one (greedy-match.ts). "Other" is never matched: it has no terms. */
function matchNodes(next: readonly PillarNode[], previous: readonly PillarNode[]): (PillarNode | null)[] {
  const candidates = previous.filter((p) => !isOther(p)).map((p) => ({ node: p, vector: vectorOf(p) }));
  const pairs: MatchPair<PillarNode>[] = [];
  next.forEach((node, n) => {
    if (isOther(node)) return;
    const vector = vectorOf(node);
    for (const p of candidates) {
      const c = termCosine(vector, p.vector);
      if (c >= SAME_PILLAR_COSINE) pairs.push({ n, p: p.node, c });
    }
  });
  return greedyMatch(next.length, pairs);
}

/** The numbers after `prefix` of ids such as "p3" (prefix "p") or "p1.2" (prefix "p1."). */
function numbersOf(ids: Iterable<string>, prefix: string): number[] {
  const numbers: number[] = [];
  for (const id of ids) {
    const rest = id.startsWith(prefix) ? id.slice(prefix.length) : "";
    if (/^\d+$/u.test(rest)) numbers.push(Number(rest));
  }
  return numbers;
}

/**
 * One level of pillars (or of one pillar's sub-pillars) against the previous version of that level: a matched node
 * keeps its id, label and colour; a new one gets an id never used at this level before and the first colour no kept
 * node holds. `prefix` makes the ids: "p" for pillars, "<pillar id>." for sub-pillars.
 */
function keepLevel(
  next: readonly PillarNode[],
  previous: readonly PillarNode[],
  prefix: string,
): PillarNode[] {
  const matches = matchNodes(next, previous);
  const kept = matches.filter((m): m is PillarNode => m !== null);
  let nextNumber =
    Math.max(
      0,
      ...numbersOf(
        [...previous, ...kept].map((n) => n.id),
        prefix,
      ),
    ) + 1;
  const usedColors = new Set(kept.map((m) => m.color));
  const freeColors = Array.from({ length: CHART_TOKENS }, (_, i) => rankColor(i)).filter(
    (c) => !usedColors.has(c),
  );
  const otherId = prefix === "p" ? "other" : `${prefix}other`;
  return next.map((node, i) => {
    const match = matches[i];
    const id = match ? match.id : isOther(node) ? otherId : `${prefix}${nextNumber++}`;
    const label = match ? match.label : node.label;
    const color = match ? match.color : (freeColors.shift() ?? node.color);
    const subPillars = keepLevel(node.subPillars, match?.subPillars ?? [], `${id}.`);
    return { ...node, id, label, color, subPillars };
  });
}

/**
 * §1.7 step 8: a refit keeps the ids, labels and colours of the pillars (and sub-pillars) it finds again, matched to
 * the previous model by the cosine of their c-TF-IDF vectors, so a pillar does not change name or colour because
 * the clustering reran. Without a previous model the fit stands as it is.
 */
export function keepPillarIdentity(model: PillarModel, previous: PillarModel | undefined): PillarModel {
  if (!previous) return model;
  return { ...model, pillars: keepLevel(model.pillars, previous.pillars, "p") };
}
