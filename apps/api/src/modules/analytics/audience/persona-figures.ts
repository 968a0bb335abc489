import { UNKNOWN_DEMOGRAPHIC } from "../../../domain/audience";
import { INTEREST_COLUMNS, OTHER_COUNTRY, PLATFORM_COLUMNS } from "./behaviour-matrix";
import type { Decomposition } from "./decompose";
import { interestLabel } from "./interest-taxonomy";
import type { PlatformShare, Share, SocialNetwork } from "./types";

/** Below this share of the persona the leading value is not "dominant" and shows as mixed (§3). */
export const DOMINANT_SHARE = 0.65;
/** An interest needs this share of the persona's interest profile to be listed or named after. */
const INTEREST_SUPPORT = 0.05;
const PLATFORM_LISTED = 0.15;
const MAX_LISTED_INTERESTS = 5;
const RADAR_AXES = 8;
/** "65+" has no upper bound but the contract's ageMax is an integer; the UI shows this bound as "65+". */
export const OPEN_AGE_MAX = 80;

export interface PersonaFigures {
  size: number;
  share: number;
  /** Argmax values (even below 65 %), for naming and the persona key. */
  leading: { ageBand: string; gender: string; country: string };
  ageMin: number;
  ageMax: number;
  gender: "female" | "male" | "mixed";
  country: string | null;
  demographics: { ages: Share[]; genders: Share[]; countries: Share[] };
  interestWeights: Record<string, number>;
  interests: string[];
  interestRadar: { interest: string; score: number }[];
  platformSplit: PlatformShare[];
  platforms: SocialNetwork[];
  /** Interest ids with support ≥ 5 %, most over-indexed against the audience first (for the descriptor). */
  signatureInterests: string[];
  vector: number[];
}

/** Country keys that name no single country: the small ones grouped, and visitors the source could not place. */
const NOT_ONE_COUNTRY: ReadonlySet<string> = new Set([OTHER_COUNTRY, UNKNOWN_DEMOGRAPHIC]);

const byShareThenLabel = (a: Share, b: Share) =>
  b.share - a.share || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0);

function distribution(weights: Map<string, number>): Share[] {
  const total = [...weights.values()].reduce((a, b) => a + b, 0);
  return [...weights.entries()]
    .map(([label, w]) => ({ label, share: total > 0 ? w / total : 0 }))
    .sort(byShareThenLabel);
}

export function parseAgeBand(band: string): [number, number] | null {
  const range = /^(\d+)\s*[-–]\s*(\d+)$/.exec(band.trim());
  if (range) return [Number(range[1]), Number(range[2])];
  const open = /^(\d+)\s*\+$/.exec(band.trim());
  return open ? [Number(open[1]), OPEN_AGE_MAX] : null;
}

/**
 * ageMin/ageMax: the leading band when it holds ≥ 65 %; otherwise the leading band grown one neighbour at a
 * time (the heavier side first) until the contiguous range holds 65 % — a "mixed" age still needs a range.
 */
export function ageRange(ages: readonly Share[]): [number, number] {
  const bands = ages
    .map((a) => ({ range: parseAgeBand(a.label), share: a.share }))
    .filter((a): a is { range: [number, number]; share: number } => a.range !== null)
    .sort((a, b) => a.range[0] - b.range[0]);
  if (bands.length === 0) return [18, OPEN_AGE_MAX];
  let lo = 0;
  bands.forEach((b, i) => {
    if (b.share > (bands[lo]?.share ?? 0)) lo = i;
  });
  let hi = lo;
  let covered = bands[lo]?.share ?? 0;
  while (covered < DOMINANT_SHARE && (lo > 0 || hi < bands.length - 1)) {
    const left = lo > 0 ? (bands[lo - 1]?.share ?? 0) : -1;
    const right = hi < bands.length - 1 ? (bands[hi + 1]?.share ?? 0) : -1;
    if (right > left) covered += bands[++hi]?.share ?? 0;
    else covered += bands[--lo]?.share ?? 0;
  }
  return [bands[lo]?.range[0] ?? 18, bands[hi]?.range[1] ?? OPEN_AGE_MAX];
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/**
 * Figures of persona k (§3 Figures). Demographics weigh each group by its soft share N_g·W[g,p]/Σ_q W[g,q],
 * the same split as the size, so a persona's age distribution adds up to its size.
 */
export function personaFigures(
  d: Decomposition,
  k: number,
  size: number,
  audienceTotal: number,
  audienceInterestShares: readonly number[],
): PersonaFigures {
  const ages = new Map<string, number>();
  const genders = new Map<string, number>();
  const countries = new Map<string, number>();
  d.members.forEach((m, g) => {
    const w = d.W[g] ?? [];
    const total = w.reduce((a, b) => a + b, 0);
    const mass = total > 0 ? (m.size * (w[k] ?? 0)) / total : 0;
    if (mass <= 0) return;
    ages.set(m.ageBand, (ages.get(m.ageBand) ?? 0) + mass);
    genders.set(m.gender, (genders.get(m.gender) ?? 0) + mass);
    countries.set(m.country, (countries.get(m.country) ?? 0) + mass);
  });
  const demographics = {
    ages: distribution(ages),
    genders: distribution(genders),
    countries: distribution(countries),
  };
  const top = (list: Share[]) => list[0] ?? { label: "", share: 0 };
  const [ageMin, ageMax] = ageRange(demographics.ages);
  const leadGender = top(demographics.genders);
  const leadCountry = top(demographics.countries);

  const h = d.H[k] ?? [];
  const interestPart = INTEREST_COLUMNS.map((_, i) => h[i] ?? 0);
  const interestSum = interestPart.reduce((a, b) => a + b, 0);
  const interestMax = Math.max(0, ...interestPart);
  const ranked = INTEREST_COLUMNS.map((id, i) => ({
    id,
    w: interestSum > 0 ? (interestPart[i] ?? 0) / interestSum : 0,
  }))
    .filter((x) => x.w > 0)
    .sort((a, b) => b.w - a.w || (a.id < b.id ? -1 : 1));
  const supported = ranked.filter((x) => x.w >= INTEREST_SUPPORT);
  const index = (id: string, w: number) => {
    const base = audienceInterestShares[INTEREST_COLUMNS.indexOf(id)] ?? 0;
    return base > 0 ? w / base : 0;
  };

  const platformPart = PLATFORM_COLUMNS.map((_, j) => h[INTEREST_COLUMNS.length + j] ?? 0);
  const platformSum = platformPart.reduce((a, b) => a + b, 0);
  const platformSplit = PLATFORM_COLUMNS.map((platform, j) => ({
    platform,
    share: platformSum > 0 ? (platformPart[j] ?? 0) / platformSum : 0,
  })).sort((a, b) => b.share - a.share || (a.platform < b.platform ? -1 : 1));

  return {
    size,
    share: audienceTotal > 0 ? size / audienceTotal : 0,
    leading: {
      ageBand: top(demographics.ages).label,
      gender: leadGender.label,
      country: leadCountry.label,
    },
    ageMin,
    ageMax,
    gender:
      leadGender.share >= DOMINANT_SHARE && (leadGender.label === "female" || leadGender.label === "male")
        ? leadGender.label
        : "mixed",
    country:
      leadCountry.share >= DOMINANT_SHARE && !NOT_ONE_COUNTRY.has(leadCountry.label)
        ? leadCountry.label
        : null,
    demographics,
    interestWeights: Object.fromEntries(ranked.map((x) => [x.id, round6(x.w)])),
    interests: supported.slice(0, MAX_LISTED_INTERESTS).map((x) => interestLabel(x.id)),
    interestRadar: ranked.slice(0, RADAR_AXES).map((x) => ({
      interest: interestLabel(x.id),
      score:
        interestMax > 0
          ? Math.round((100 * (interestPart[INTEREST_COLUMNS.indexOf(x.id)] ?? 0)) / interestMax)
          : 0,
    })),
    platformSplit,
    platforms: platformSplit.filter((p) => p.share >= PLATFORM_LISTED).map((p) => p.platform),
    signatureInterests: supported
      .map((x) => ({ id: x.id, index: index(x.id, x.w) }))
      .sort((a, b) => b.index - a.index || (a.id < b.id ? -1 : 1))
      .map((x) => x.id),
    vector: h.map(round6),
  };
}
