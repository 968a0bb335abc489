/** Sparse row: parallel arrays of vocabulary indexes (ascending) and weights. */
export interface SparseVector {
  index: number[];
  value: number[];
}

export interface PillarNode {
  /** Stable within a model: "p1"… by size at fit time, "p1.2" for sub-pillars, "other" for the merged small ones. */
  id: string;
  label: string;
  /** Chosen by rank at fit time and kept, so a pillar keeps its colour in every period. */
  color: string;
  /** Top c-TF-IDF terms: the label's source, and what a refit matches pillars on (§1.7 step 8). */
  terms: string[];
  /**
   * The c-TF-IDF score of each of `terms`. Absent from models stored before scores were kept: those match on their
   * terms alone.
   */
  weights?: number[];
  /** The fine k-means centroids that make up this node, trimmed to their heaviest terms. */
  centroids: SparseVector[];
  subPillars: PillarNode[];
}

/** A fitted content architecture (§1.7). Plain JSON: it is stored in a jsonb column and reused across periods. */
export interface PillarModel {
  methodVersion: string;
  brandId: string;
  /** Posts the model was fitted on (after sampling). */
  documents: number;
  /** "low" when the pillars are weakly separated (merge-height jump < 0.05 or simplified silhouette < 0.02). */
  confidence: "ok" | "low";
  /**
   * Only the terms some centroid uses, with their idf: a post's other terms add nothing to any dot product, and the
   * nearest centroid does not depend on the post's norm.
   */
  vocabulary: string[];
  idf: number[];
  pillars: PillarNode[];
}

export interface InsufficientPillars {
  status: "insufficient_history";
  reason: string;
}

export const PILLAR_METHOD_VERSION = "content-pillars-v1";
