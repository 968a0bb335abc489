import { fnv1a32 } from "../../../lib/seeded";
import { averageLinkage, cutAtLargestJump } from "./average-linkage";
import { classTfIdf, labelFromScores, rankTerms } from "./class-tfidf";
import { rankColor } from "./colors";
import { type DocumentTerms, documentTerms } from "./doc-terms";
import { buildVocabulary, vectorize } from "./doc-vectors";
import {
  type InsufficientPillars,
  PILLAR_METHOD_VERSION,
  type PillarModel,
  type PillarNode,
  type SparseVector,
} from "./pillar-model";
import { bestOfSeeds } from "./spherical-kmeans";
import { brandTokenizer } from "./text-tokens";
import type { ContentBrand, ContentPost } from "./types";
import { compareIds } from "./window";

export const MIN_PILLAR_POSTS = 100;
const MIN_DOC_TOKENS = 5;
const MAX_SAMPLE = 20_000;
const SEEDS = 3;
const MAX_FINE_CLUSTERS = 16;
const POSTS_PER_FINE_CLUSTER = 50;
const PILLARS = { min: 3, max: 8 };
const SUB_PILLARS = { min: 2, max: 4, fineClusters: 8, fromPosts: 150 };
/** Pillars (and sub-pillars) below this share of their parent's posts merge into "Other". */
const SMALL_SHARE = 0.03;
const LOW_JUMP = 0.05;
const LOW_SILHOUETTE = 0.02;
/** Centroids keep their heaviest terms only: the stored model must stay small (jsonb, < 300 KB). */
const CENTROID_TERMS = 100;
/** Enough of each c-TF-IDF vector for a refit to recognise the pillar (§1.7 step 8). */
const STORED_TERMS = 20;
const WEIGHT_DECIMALS = 1e4;

interface Corpus {
  vectors: SparseVector[];
  terms: DocumentTerms[];
  vocabulary: string[];
  vocabularyIndex: Map<string, number>;
}

interface Draft {
  docs: number[];
  centroids: Float64Array[];
  other: boolean;
  label: string;
  labelTerms: string[];
  topTerms: string[];
  topWeights: number[];
}

interface Level {
  drafts: Draft[];
  jump: number;
}

const dot = (a: Float64Array, b: Float64Array) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] as number) * (b[i] as number);
  return sum;
};

/** §1.7 steps 3–5 on a set of documents: fine clusters, merged by average linkage, labelled by c-TF-IDF. */
function clusterLevel(
  corpus: Corpus,
  docs: readonly number[],
  fine: number,
  range: { min: number; max: number },
  seedKey: string,
  exclude: ReadonlySet<string>,
): Level {
  const dim = corpus.vocabulary.length;
  const seeds = Array.from({ length: SEEDS }, (_, s) => fnv1a32(`${seedKey}:${PILLAR_METHOD_VERSION}:${s}`));
  const kmeans = bestOfSeeds(
    docs.map((d) => corpus.vectors[d] as SparseVector),
    dim,
    fine,
    seeds,
  );
  const { centroids } = kmeans;
  const distance = centroids.map((a) => centroids.map((b) => Math.max(0, 1 - dot(a, b))));
  const cut = cutAtLargestJump(centroids.length, averageLinkage(distance), range.min, range.max);
  const groupOfFine = new Int32Array(centroids.length);
  cut.groups.forEach((group, g) => {
    for (const f of group) groupOfFine[f] = g;
  });
  const members: number[][] = cut.groups.map(() => []);
  docs.forEach((d, i) => {
    (members[groupOfFine[kmeans.assignment[i] as number] as number] as number[]).push(d);
  });

  const small = (g: number) => (members[g] as number[]).length < SMALL_SHARE * docs.length;
  const groups = cut.groups.map((fineIndexes, g) => ({
    fineIndexes,
    docs: members[g] as number[],
    other: false,
  }));
  const kept = groups.filter((_, g) => !small(g) && (members[g] as number[]).length > 0);
  const merged = groups.filter((_, g) => small(g) && (members[g] as number[]).length > 0);
  if (merged.length > 0) {
    kept.push({
      fineIndexes: merged.flatMap((g) => g.fineIndexes),
      docs: merged.flatMap((g) => g.docs).sort((a, b) => a - b),
      other: true,
    });
  }
  const classCounts = kept.map((group) => {
    const counts = new Map<string, number>();
    for (const d of group.docs) {
      for (const [term, count] of (corpus.terms[d] as DocumentTerms).counts) {
        // Vocabulary terms only: rare words cannot characterise a pillar, and scoring them all is slow.
        if (corpus.vocabularyIndex.has(term)) counts.set(term, (counts.get(term) ?? 0) + count);
      }
    }
    return counts;
  });
  const scores = classTfIdf(classCounts);
  const drafts = kept.map((group, g): Draft => {
    const groupScores = scores[g] as Map<string, number>;
    const { label, terms } = group.other
      ? { label: "Other", terms: [] }
      : labelFromScores(groupScores, exclude);
    const topTerms = rankTerms(groupScores).slice(0, STORED_TERMS);
    return {
      docs: group.docs,
      centroids: group.fineIndexes.map((f) => centroids[f] as Float64Array),
      other: group.other,
      label,
      labelTerms: terms,
      topTerms,
      topWeights: topTerms.map(
        (t) => Math.round((groupScores.get(t) as number) * WEIGHT_DECIMALS) / WEIGHT_DECIMALS,
      ),
    };
  });
  drafts.sort(
    (a, b) =>
      Number(a.other) - Number(b.other) || b.docs.length - a.docs.length || compareIds(a.label, b.label),
  );
  return { drafts, jump: cut.jump };
}

/** Centroid-based simplified silhouette: cheap, and a floor for "these pillars are real" (§1.7 step 4). */
function simplifiedSilhouette(corpus: Corpus, drafts: readonly Draft[]): number {
  const dim = corpus.vocabulary.length;
  const centres = drafts.map((draft) => {
    const sum = new Float64Array(dim);
    for (const d of draft.docs) {
      const v = corpus.vectors[d] as SparseVector;
      v.index.forEach((t, j) => {
        sum[t] = (sum[t] as number) + (v.value[j] as number);
      });
    }
    const norm = Math.sqrt(dot(sum, sum));
    return norm > 0 ? sum.map((x) => x / norm) : sum;
  });
  let total = 0;
  let count = 0;
  drafts.forEach((draft, own) => {
    for (const d of draft.docs) {
      const v = corpus.vectors[d] as SparseVector;
      const distances = centres.map((c) => {
        let s = 0;
        v.index.forEach((t, j) => {
          s += (v.value[j] as number) * (c[t] as number);
        });
        return 1 - s;
      });
      const a = distances[own] as number;
      const b = Math.min(...distances.filter((_, i) => i !== own));
      const scale = Math.max(a, b);
      total += scale > 0 ? (b - a) / scale : 0;
      count += 1;
    }
  });
  return count > 0 ? total / count : 0;
}

/** The heaviest terms of a dense centroid, weights rounded so the stored JSON stays short. */
function sparsify(centroid: Float64Array): SparseVector {
  const top = [...centroid.keys()]
    .filter((i) => (centroid[i] as number) > 0)
    .sort((a, b) => (centroid[b] as number) - (centroid[a] as number) || a - b)
    .slice(0, CENTROID_TERMS)
    .sort((a, b) => a - b);
  return {
    index: top,
    value: top.map((i) => Math.round((centroid[i] as number) * WEIGHT_DECIMALS) / WEIGHT_DECIMALS),
  };
}

function toNode(draft: Draft, id: string, rank: number, subPillars: PillarNode[]): PillarNode {
  return {
    id,
    label: draft.label,
    color: rankColor(rank),
    terms: draft.topTerms,
    weights: draft.topWeights,
    centroids: draft.centroids.map(sparsify),
    subPillars,
  };
}

/** Re-indexes every centroid onto the terms that some centroid still uses. */
function pruneVocabulary(nodes: PillarNode[], corpusTerms: readonly string[], idf: readonly number[]) {
  const used = new Set<number>();
  const visit = (node: PillarNode) => {
    for (const c of node.centroids) for (const i of c.index) used.add(i);
    node.subPillars.forEach(visit);
  };
  nodes.forEach(visit);
  const kept = [...used].sort((a, b) => a - b);
  const remap = new Map(kept.map((old, i) => [old, i]));
  const rewrite = (node: PillarNode): PillarNode => ({
    ...node,
    centroids: node.centroids.map((c) => ({
      index: c.index.map((i) => remap.get(i) as number),
      value: c.value,
    })),
    subPillars: node.subPillars.map(rewrite),
  });
  return {
    pillars: nodes.map(rewrite),
    vocabulary: kept.map((i) => corpusTerms[i] as string),
    idf: kept.map((i) => Math.round((idf[i] as number) * WEIGHT_DECIMALS) / WEIGHT_DECIMALS),
  };
}

/**
 * §1.7 steps 1–6: pillars and sub-pillars of a brand's posts. Deterministic: the sample is the 20k smallest
 * stable hashes of the post ids and every k-means seed derives from the brand id.
 */
export function fitPillars(
  posts: readonly Pick<ContentPost, "id" | "text">[],
  brand: ContentBrand,
): PillarModel | InsufficientPillars {
  const tokenize = brandTokenizer(brand);
  const unique = new Map<string, Pick<ContentPost, "id" | "text">>();
  for (const post of [...posts].sort((a, b) => compareIds(a.id, b.id)))
    if (!unique.has(post.id)) unique.set(post.id, post);
  const eligible = [...unique.values()]
    .map((post) => ({ post, hash: fnv1a32(post.id), terms: documentTerms(tokenize(post.text)) }))
    .filter((doc) => doc.terms.tokens >= MIN_DOC_TOKENS);
  if (eligible.length < MIN_PILLAR_POSTS) {
    return {
      status: "insufficient_history",
      reason: `Pillars need ${MIN_PILLAR_POSTS} posts with at least ${MIN_DOC_TOKENS} keywords each; there are ${eligible.length}. Import more posts.`,
    };
  }
  const sample = eligible
    .sort((a, b) => a.hash - b.hash || compareIds(a.post.id, b.post.id))
    .slice(0, MAX_SAMPLE);
  const vocabulary = buildVocabulary(sample.map((doc) => doc.terms.counts));
  const all = sample.map((doc) => ({
    terms: doc.terms,
    vector: vectorize(doc.terms.counts, vocabulary.index, vocabulary.idf),
  }));
  // Posts sharing no vocabulary term cannot be placed: they are left out of the fit.
  const placed = all.filter((doc) => doc.vector.index.length > 0);
  if (placed.length < MIN_PILLAR_POSTS) {
    return {
      status: "insufficient_history",
      reason: `Pillars need ${MIN_PILLAR_POSTS} posts that share recurring words; there are ${placed.length}. Import more posts.`,
    };
  }
  const corpus: Corpus = {
    vectors: placed.map((doc) => doc.vector),
    terms: placed.map((doc) => doc.terms),
    vocabulary: vocabulary.terms,
    vocabularyIndex: vocabulary.index,
  };
  const docs = placed.map((_, i) => i);
  // ⌊docs/50⌋ would give 2 fine clusters at 100–149 posts, too few to choose 3 pillars from.
  const fine = Math.min(
    MAX_FINE_CLUSTERS,
    Math.max(PILLARS.min, Math.floor(docs.length / POSTS_PER_FINE_CLUSTER)),
  );
  const top = clusterLevel(corpus, docs, fine, PILLARS, brand.id, new Set());

  let rank = 0;
  const nodes = top.drafts.map((draft, p) => {
    const id = draft.other ? "other" : `p${p + 1}`;
    let subs: PillarNode[] = [];
    if (!draft.other && draft.docs.length >= SUB_PILLARS.fromPosts) {
      const exclude = new Set(draft.labelTerms.flatMap((t) => t.split(" ")));
      const level = clusterLevel(
        corpus,
        draft.docs,
        SUB_PILLARS.fineClusters,
        SUB_PILLARS,
        `${brand.id}:${id}`,
        exclude,
      );
      subs = level.drafts.map((sub, s) => toNode(sub, sub.other ? `${id}.other` : `${id}.${s + 1}`, s, []));
    }
    return toNode(draft, id, rank++, subs);
  });
  const silhouette = top.drafts.length > 1 ? simplifiedSilhouette(corpus, top.drafts) : 0;
  const pruned = pruneVocabulary(nodes, vocabulary.terms, vocabulary.idf);
  return {
    methodVersion: PILLAR_METHOD_VERSION,
    brandId: brand.id,
    documents: docs.length,
    confidence: top.jump < LOW_JUMP || silhouette < LOW_SILHOUETTE ? "low" : "ok",
    ...pruned,
  };
}
