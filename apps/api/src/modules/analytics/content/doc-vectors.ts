import type { SparseVector } from "./pillar-model";

const MAX_TERMS = 5000;
const MIN_DF = 5;
const MIN_DF_SHARE = 0.001;
const MAX_DF_SHARE = 0.5;

export interface Vocabulary {
  terms: string[];
  idf: number[];
  index: Map<string, number>;
}

/** §1.7 step 2: terms in ≥ max(5, 0.1 %) and ≤ 50 % of documents, the 5,000 most frequent, smooth idf. */
export function buildVocabulary(documents: readonly Map<string, number>[]): Vocabulary {
  const df = new Map<string, number>();
  for (const doc of documents) for (const term of doc.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const n = documents.length;
  const minDf = Math.max(MIN_DF, Math.ceil(MIN_DF_SHARE * n));
  const kept = [...df]
    .filter(([, count]) => count >= minDf && count <= MAX_DF_SHARE * n)
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
    .slice(0, MAX_TERMS);
  const terms = kept.map(([term]) => term);
  return {
    terms,
    idf: kept.map(([, count]) => Math.log((1 + n) / (1 + count)) + 1),
    index: new Map(terms.map((term, i) => [term, i])),
  };
}

/** `(1 + ln tf)·idf` over known terms, L2-normalised; empty when the document shares no term with the vocabulary. */
export function vectorize(
  counts: Map<string, number>,
  index: Map<string, number>,
  idf: readonly number[],
): SparseVector {
  const entries: [number, number][] = [];
  for (const [term, tf] of counts) {
    const i = index.get(term);
    if (i !== undefined) entries.push([i, (1 + Math.log(tf)) * (idf[i] as number)]);
  }
  entries.sort((a, b) => a[0] - b[0]);
  const norm = Math.hypot(...entries.map(([, w]) => w));
  return { index: entries.map(([i]) => i), value: entries.map(([, w]) => (norm > 0 ? w / norm : 0)) };
}
