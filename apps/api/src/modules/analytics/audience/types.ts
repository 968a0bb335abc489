import type { components } from "@brandscope/api-client/schema";

type Schemas = components["schemas"];
export type SocialNetwork = Schemas["SocialNetwork"];

/** Bumping this changes the k-means seed and every generated persona id: do it only with a method change. */
export const PERSONA_METHOD_VERSION = "personas-v1";

export interface SegmentInput {
  id: string;
  ageBand: string;
  gender: "female" | "male" | string;
  country: string;
  interests: { interest: string; weight: number }[];
  platformAffinity: Partial<Record<SocialNetwork, number>>;
  size: number;
}

/** What was stored for a persona last time: its id, its title and its H row (`PersonaResult.vector`). */
export interface PreviousPersona {
  id: string;
  name: string;
  vector: number[];
}

export interface Share {
  label: string;
  share: number;
}

export interface PlatformShare {
  platform: SocialNetwork;
  share: number;
}

export interface PersonaResult {
  /** A previous id when matched, else a uuid-v4-shaped hash of (brandId, persona key). */
  id: string;
  /** Title, e.g. "Lucía — Outdoor Explorer". */
  name: string;
  ageMin: number;
  ageMax: number;
  gender: "female" | "male" | "mixed";
  /** Top interests (support ≥ 5 %), human labels, strongest first. */
  interests: string[];
  /** Platforms holding ≥ 15 % of the split, largest first. */
  platforms: SocialNetwork[];
  size: number;
  share: number;
  /** Dominant country (≥ 65 %), null when mixed. */
  country: string | null;
  /** The H row, summing to 1: INTERESTS (vocabulary order) then PLATFORMS. Compared for stability. */
  vector: number[];
  /** Interest part of the H row by taxonomy id, summing to 1 (s_p(i) in the keyword relevance). */
  interestWeights: Record<string, number>;
  demographics: { ages: Share[]; genders: Share[]; countries: Share[] };
  interestRadar: { interest: string; score: number }[];
  platformSplit: PlatformShare[];
}

export type DerivePersonasResult =
  | { status: "ok"; personas: PersonaResult[]; method: "nmf" | "kmeans"; n: number }
  | { status: "insufficient_history"; reason: string; n: number };

export interface DerivePersonasInput {
  brandId: string;
  /** Year the birth decade of the names is counted from (the data's year, not the clock's). */
  referenceYear: number;
  segments: SegmentInput[];
  previous?: PreviousPersona[];
}

export interface KeywordCandidate {
  id: string;
  keyword: string;
  country: string | null;
  volume: number | null;
  cpc: number | null;
}

export interface PersonaKeyword {
  id: string;
  keyword: string;
  cpc: number | null;
  volume: number | null;
  relevance: number;
}
