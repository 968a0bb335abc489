import { MIN_SEGMENTS } from "../../../domain/audience";
import { audienceInterestShares, audienceRows } from "./behaviour-matrix";
import { decompose, personaSizes } from "./decompose";
import { personaFigures } from "./persona-figures";
import { type NameRegistry, namePersona, registerTitle } from "./persona-naming";
import { matchPrevious } from "./persona-stability";
import { stableHash32, stableUuid } from "./stable-hash";
import {
  type DerivePersonasInput,
  type DerivePersonasResult,
  PERSONA_METHOD_VERSION,
  type PersonaResult,
} from "./types";

/** Minimum input (docs/analytics-methods.md §3): five segments with interests and a positive total size. */
export { MIN_SEGMENTS };

/** Why a brand with `n` usable segments has no personas (the list's state says it too). */
export const insufficientSegments = (n: number) =>
  `needs ${MIN_SEGMENTS} audience segments with interests, has ${n}`;

/**
 * Personas of a brand's audience (docs/analytics-methods.md §3): APG-style NMF over demographic groups, or weighted
 * k-means when groups are few; figures, deterministic names, and ids kept from the previous run when a
 * persona's behaviour profile is still the same (cosine ≥ 0.8). Sorted by size, then id.
 */
export function derivePersonas(input: DerivePersonasInput): DerivePersonasResult {
  const rows = audienceRows(input.segments);
  const total = rows.reduce((s, r) => s + r.size, 0);
  if (rows.length < MIN_SEGMENTS || total <= 0) {
    return {
      status: "insufficient_history",
      reason: insufficientSegments(rows.length),
      n: rows.length,
    };
  }
  const d = decompose(rows, stableHash32(input.brandId, PERSONA_METHOD_VERSION));
  const sizes = personaSizes(d);
  const baseShares = audienceInterestShares(rows);
  const figures = d.H.map((_, k) => personaFigures(d, k, sizes[k] ?? 0, total, baseShares));
  const matches = matchPrevious(
    figures.map((f) => f.vector),
    input.previous ?? [],
  );

  // Personas keep their stored titles first; new ones are named largest first, so big personas get the
  // plain descriptor and small ones the "& second interest" variants.
  const registry: NameRegistry = { firstNames: new Set(), descriptors: new Set() };
  const ids = new Set<string>();
  const keys = new Set<string>();
  for (const m of matches) {
    if (!m) continue;
    registerTitle(registry, m.name);
    ids.add(m.id);
  }
  const order = figures
    .map((f, k) => ({ f, k }))
    .sort((a, b) => b.f.size - a.f.size || a.k - b.k)
    .map((x) => x.k);
  const named = new Map<number, { id: string; name: string }>();
  for (const k of order) {
    const f = figures[k];
    if (!f) continue;
    const match = matches[k];
    if (match) {
      named.set(k, { id: match.id, name: match.name });
      continue;
    }
    const base = [f.leading.ageBand, f.leading.gender, f.leading.country, f.signatureInterests[0] ?? ""].join(
      "|",
    );
    let key = base;
    for (let n = 2; keys.has(key) || ids.has(stableUuid(input.brandId, key)); n++) key = `${base}#${n}`;
    keys.add(key);
    const id = stableUuid(input.brandId, key);
    ids.add(id);
    const name = namePersona(
      input.brandId,
      {
        key,
        gender: f.gender,
        country: f.leading.country,
        age: (f.ageMin + f.ageMax) / 2,
        signatureInterests: f.signatureInterests,
      },
      input.referenceYear,
      registry,
    );
    named.set(k, { id, name });
  }

  const personas: PersonaResult[] = figures.map((f, k) => ({
    id: named.get(k)?.id ?? "",
    name: named.get(k)?.name ?? "",
    ageMin: f.ageMin,
    ageMax: f.ageMax,
    gender: f.gender,
    interests: f.interests,
    platforms: f.platforms,
    size: Math.round(f.size),
    share: f.share,
    country: f.country,
    vector: f.vector,
    interestWeights: f.interestWeights,
    demographics: f.demographics,
    interestRadar: f.interestRadar,
    platformSplit: f.platformSplit,
  }));
  personas.sort((a, b) => b.share - a.share || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { status: "ok", personas, method: d.method, n: rows.length };
}
