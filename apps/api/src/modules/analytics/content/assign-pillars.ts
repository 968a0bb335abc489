import type { DocumentTerms } from "./doc-terms";
import type { PillarModel, PillarNode } from "./pillar-model";

export interface PillarAssignment {
  pillar: number;
  /** Index into the pillar's subPillars; null when it has none. */
  subPillar: number | null;
}

/**
 * Centroid weights laid out term-major (row = vocabulary term, column = centroid) with the node each column belongs
 * to: scoring a post then touches only its own terms' rows.
 */
interface ScoreTable {
  columns: number;
  weights: Float64Array;
  nodeOfColumn: Int32Array;
}

function scoreTable(nodes: readonly PillarNode[], vocabulary: number): ScoreTable {
  const nodeOfColumn = Int32Array.from(nodes.flatMap((node, n) => node.centroids.map(() => n)));
  const columns = nodeOfColumn.length;
  const weights = new Float64Array(vocabulary * columns);
  let column = 0;
  for (const node of nodes) {
    for (const centroid of node.centroids) {
      centroid.index.forEach((term, j) => {
        weights[term * columns + column] = centroid.value[j] as number;
      });
      column += 1;
    }
  }
  return { columns, weights, nodeOfColumn };
}

/** Index of the node with the most similar centroid; ties keep the earlier column; null when nothing overlaps. */
function nearestNode(table: ScoreTable, terms: readonly number[], weights: readonly number[]): number | null {
  const scores = new Float64Array(table.columns);
  terms.forEach((term, j) => {
    const w = weights[j] as number;
    const row = term * table.columns;
    for (let c = 0; c < table.columns; c++)
      scores[c] = (scores[c] as number) + w * (table.weights[row + c] as number);
  });
  let best = -1;
  let bestScore = 0;
  scores.forEach((score, c) => {
    if (score > bestScore) {
      bestScore = score;
      best = c;
    }
  });
  return best < 0 ? null : (table.nodeOfColumn[best] as number);
}

/**
 * Places posts with a fitted model (§1.7 step 7). The post vector is left unnormalised: scaling it scales every
 * similarity alike, so the nearest centroid is the same.
 */
export function createPillarAssigner(model: PillarModel) {
  const index = new Map(model.vocabulary.map((term, i) => [term, i]));
  const top = scoreTable(model.pillars, model.vocabulary.length);
  const subs = model.pillars.map((pillar) =>
    pillar.subPillars.length > 0 ? scoreTable(pillar.subPillars, model.vocabulary.length) : null,
  );
  return (document: DocumentTerms): PillarAssignment | null => {
    const terms: number[] = [];
    const weights: number[] = [];
    for (const [term, tf] of document.counts) {
      const i = index.get(term);
      if (i === undefined) continue;
      terms.push(i);
      weights.push((1 + Math.log(tf)) * (model.idf[i] as number));
    }
    if (terms.length === 0) return null;
    const pillar = nearestNode(top, terms, weights);
    if (pillar === null) return null;
    const table = subs[pillar];
    return { pillar, subPillar: table ? (nearestNode(table, terms, weights) ?? 0) : null };
  };
}
