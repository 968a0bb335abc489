/**
 * The brand's country as Google Ads' geo target and the language its keywords are planned in. Geo target ids are
 * Google's country criteria (https://developers.google.com/google-ads/api/data/geotargets, "Country" rows of the
 * geotargets CSV; for countries they are 2000 + the ISO 3166-1 numeric code); language ids are Google's language
 * criteria (https://developers.google.com/google-ads/api/data/codes-formats#languages). The table covers the
 * countries the app's sample industries and imports are used with; another country is planned worldwide in
 * English, and the keywords are stored under the brand's country all the same.
 */
const ENGLISH = 1000;
const GERMAN = 1001;
const FRENCH = 1002;
const SPANISH = 1003;
const ITALIAN = 1004;
const JAPANESE = 1005;
const DUTCH = 1010;
const PORTUGUESE = 1014;
const SWEDISH = 1015;
const POLISH = 1030;

export const GEO_TARGETS: Readonly<Record<string, { geo: number; language: number }>> = {
  US: { geo: 2840, language: ENGLISH },
  GB: { geo: 2826, language: ENGLISH },
  IE: { geo: 2372, language: ENGLISH },
  CA: { geo: 2124, language: ENGLISH },
  AU: { geo: 2036, language: ENGLISH },
  NZ: { geo: 2554, language: ENGLISH },
  IN: { geo: 2356, language: ENGLISH },
  SG: { geo: 2702, language: ENGLISH },
  ZA: { geo: 2710, language: ENGLISH },
  DE: { geo: 2276, language: GERMAN },
  AT: { geo: 2040, language: GERMAN },
  CH: { geo: 2756, language: GERMAN },
  FR: { geo: 2250, language: FRENCH },
  BE: { geo: 2056, language: FRENCH },
  ES: { geo: 2724, language: SPANISH },
  MX: { geo: 2484, language: SPANISH },
  AR: { geo: 2032, language: SPANISH },
  IT: { geo: 2380, language: ITALIAN },
  JP: { geo: 2392, language: JAPANESE },
  NL: { geo: 2528, language: DUTCH },
  PT: { geo: 2620, language: PORTUGUESE },
  BR: { geo: 2076, language: PORTUGUESE },
  SE: { geo: 2752, language: SWEDISH },
  PL: { geo: 2616, language: POLISH },
};

/** The request's geoTargetConstants entry (null: worldwide) and language constant for an ISO country. */
export function planningTarget(country: string | null): { geoTarget: string | null; language: string } {
  const target = country ? GEO_TARGETS[country.toUpperCase()] : undefined;
  return {
    geoTarget: target ? `geoTargetConstants/${target.geo}` : null,
    language: `languageConstants/${target?.language ?? ENGLISH}`,
  };
}
