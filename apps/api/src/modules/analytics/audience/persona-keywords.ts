import { OTHER_COUNTRY } from "./behaviour-matrix";
import { INTEREST_TAXONOMY } from "./interest-taxonomy";
import { DOMINANT_SHARE } from "./persona-figures";
import type { KeywordCandidate, PersonaKeyword, PersonaResult } from "./types";
import { iterateWordSimilarity, orderTrigrams, trigramsOf } from "./word-similarity";

/** pg_trgm word similarity below this is no match (m = 0), docs/analytics-methods.md §5. */
export const MIN_SEED_SIMILARITY = 0.5;
export const DEFAULT_KEYWORD_LIMIT = 20;

interface CompiledSeed {
  interest: string;
  trigramIds: Set<number>;
  distinctCount: number;
}

/** The seed terms' trigrams, numbered once at load, with an inverted index trigram → seeds. */
const seedIndex = (() => {
  const ids = new Map<string, number>();
  const seeds: CompiledSeed[] = [];
  const seedsByTrigram: number[][] = [];
  for (const [interest, entry] of Object.entries(INTEREST_TAXONOMY)) {
    for (const term of entry.seeds) {
      const trigramIds = new Set<number>();
      for (const t of trigramsOf(term)) {
        let id = ids.get(t);
        if (id === undefined) {
          id = ids.size;
          ids.set(t, id);
          seedsByTrigram.push([]);
        }
        if (!trigramIds.has(id)) seedsByTrigram[id]?.push(seeds.length);
        trigramIds.add(id);
      }
      seeds.push({ interest, trigramIds, distinctCount: trigramIds.size });
    }
  }
  return { ids, seeds, seedsByTrigram };
})();

/**
 * m(i, k) for every interest: the best pg_trgm word_similarity(seed, keyword) over the interest's seeds,
 * kept when ≥ 0.5. A seed sharing fewer than half of its trigrams with the keyword cannot reach 0.5
 * (similarity ≤ shared / |seed|), so only seeds past that bound run the exact extent search.
 */
export function interestMatches(keyword: string): Map<string, number> {
  const { positions, distinct } = orderTrigrams(keyword);
  const globalIds = distinct.map((t) => seedIndex.ids.get(t) ?? -1);
  const shared = new Map<number, number>();
  for (const id of globalIds) {
    if (id < 0) continue;
    for (const s of seedIndex.seedsByTrigram[id] ?? []) shared.set(s, (shared.get(s) ?? 0) + 1);
  }
  const best = new Map<string, number>();
  const found = new Uint8Array(distinct.length);
  for (const [s, count] of shared) {
    const seed = seedIndex.seeds[s];
    if (!seed || count / seed.distinctCount < MIN_SEED_SIMILARITY) continue;
    for (let j = 0; j < globalIds.length; j++) found[j] = seed.trigramIds.has(globalIds[j] ?? -1) ? 1 : 0;
    const similarity = iterateWordSimilarity(positions, found, seed.distinctCount);
    if (similarity >= MIN_SEED_SIMILARITY && similarity > (best.get(seed.interest) ?? 0))
      best.set(seed.interest, similarity);
  }
  return best;
}

/**
 * The countries a persona's keywords may come from: its dominant country, or when mixed the largest
 * countries until they hold 65 % of the persona. The "other" bucket names no country and matches none.
 */
export function dominantCountries(persona: PersonaResult): Set<string> {
  if (persona.country) return new Set([persona.country.toUpperCase()]);
  const out = new Set<string>();
  let covered = 0;
  for (const c of persona.demographics.countries) {
    if (covered >= DOMINANT_SHARE) break;
    covered += c.share;
    if (c.label !== OTHER_COUNTRY) out.add(c.label.toUpperCase());
  }
  return out;
}

/**
 * Keywords for a persona (docs/analytics-methods.md §5.5): rel(p,k) = Σ_i s_p(i)·m(i,k) over the
 * persona's interest weights, keywords of its dominant countries only (keywords without a country are
 * global and stay in), ranked by rel · ln(1 + volume), ties by relevance then id; relevance 0 is dropped.
 */
export function personaKeywords(
  persona: PersonaResult,
  keywords: readonly KeywordCandidate[],
  limit = DEFAULT_KEYWORD_LIMIT,
): PersonaKeyword[] {
  const countries = dominantCountries(persona);
  const weights = Object.entries(persona.interestWeights).filter(([, w]) => w > 0);
  const scored: (PersonaKeyword & { score: number })[] = [];
  for (const k of keywords) {
    if (k.country !== null && !countries.has(k.country.toUpperCase())) continue;
    const matches = interestMatches(k.keyword);
    if (matches.size === 0) continue;
    let relevance = 0;
    for (const [interest, w] of weights) relevance += w * (matches.get(interest) ?? 0);
    if (relevance <= 0) continue;
    const volume = k.volume !== null && k.volume > 0 ? k.volume : 0;
    scored.push({
      id: k.id,
      keyword: k.keyword,
      cpc: k.cpc,
      volume: k.volume,
      relevance,
      score: relevance * Math.log1p(volume),
    });
  }
  scored.sort(
    (a, b) => b.score - a.score || b.relevance - a.relevance || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  return scored.slice(0, limit).map(({ score: _score, ...rest }) => rest);
}
