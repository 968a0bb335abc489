import type { InfluencerInput, LabelShare } from "./types";

export interface PersonaProfile {
  id: string;
  interests: Record<string, number>;
  ages: Record<string, number>;
  genders: Record<string, number>;
  countries: Record<string, number>;
}

type Block = "interests" | "ages" | "countries" | "genders";

/** §4 block weights: interests say most about fit; gender least (most audiences are mixed). */
const WEIGHTS: Readonly<Record<Block, number>> = { interests: 0.5, ages: 0.2, countries: 0.2, genders: 0.1 };
const BLOCKS = Object.keys(WEIGHTS) as Block[];
const MIN_BLOCKS = 2;

/** Cosine of two non-negative distributions over labels; null when either is empty or all zero. */
export function cosine(
  a: Readonly<Record<string, number>>,
  b: Readonly<Record<string, number>>,
): number | null {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (const [label, x] of Object.entries(a)) {
    if (!(x > 0)) continue;
    normA += x * x;
    const y = b[label];
    if (y !== undefined && y > 0) dot += x * y;
  }
  for (const y of Object.values(b)) if (y > 0) normB += y * y;
  return normA > 0 && normB > 0 ? dot / Math.sqrt(normA * normB) : null;
}

const toRecord = (shares: readonly LabelShare[] | undefined): Record<string, number> => {
  const record: Record<string, number> = {};
  for (const s of shares ?? []) record[s.label] = (record[s.label] ?? 0) + s.share;
  return record;
};

/** fit(i, p) of §4, or null when fewer than 2 blocks are present on both sides. */
function fitWith(blocks: Record<Block, Record<string, number>>, persona: PersonaProfile): number | null {
  let weighted = 0;
  let weights = 0;
  let used = 0;
  for (const block of BLOCKS) {
    const c = cosine(blocks[block], persona[block]);
    if (c === null) continue;
    weighted += WEIGHTS[block] * c;
    weights += WEIGHTS[block];
    used++;
  }
  return used >= MIN_BLOCKS ? weighted / weights : null;
}

/**
 * Audience fit (§4): the best fit over the brand's personas, with the persona it came from (ties: lowest id).
 * Missing blocks drop out and the weights renormalise over the rest.
 */
export function audienceFit(
  i: InfluencerInput,
  personas: readonly PersonaProfile[],
): { fit: number | null; personaId: string | null; reason?: string } {
  if (personas.length === 0)
    return {
      fit: null,
      personaId: null,
      reason: "Your brand has no personas yet: audience fit compares with them.",
    };
  const a = i.audience;
  const blocks: Record<Block, Record<string, number>> = {
    interests: toRecord(a?.interests),
    ages: toRecord(a?.ages),
    countries: toRecord(a?.countries),
    genders: toRecord(a?.genders),
  };
  let best: { fit: number; personaId: string } | null = null;
  for (const persona of [...personas].sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0))) {
    const fit = fitWith(blocks, persona);
    if (fit !== null && (best === null || fit > best.fit)) best = { fit, personaId: persona.id };
  }
  return (
    best ?? {
      fit: null,
      personaId: null,
      reason: "The profile's audience is not known well enough to compare.",
    }
  );
}
