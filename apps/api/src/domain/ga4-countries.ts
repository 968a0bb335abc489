import isoCountries from "i18n-iso-countries";

/**
 * GA4 writes countries by the short English names of Unicode's CLDR ("Bosnia & Herzegovina", "Congo - Kinshasa",
 * "Côte d’Ivoire" with a typographic apostrophe, "Türkiye"), not all of which the ISO list behind
 * `i18n-iso-countries` spells alike. Each name here was read in a real GA4 export
 * (apps/api/test/fixtures/real-exports/ga4-traffic/) or is the CLDR short name GA4 uses for it.
 */
const GA4_NAMES: Readonly<Record<string, string>> = {
  "bosnia & herzegovina": "BA",
  "congo - kinshasa": "CD",
  "congo - brazzaville": "CG",
  "côte d’ivoire": "CI",
  "côte d'ivoire": "CI",
  "myanmar (burma)": "MM",
  "são tomé & príncipe": "ST",
  "trinidad & tobago": "TT",
  türkiye: "TR",
  laos: "LA",
  "antigua & barbuda": "AG",
  "st. kitts & nevis": "KN",
  "st. lucia": "LC",
  "st. vincent & grenadines": "VC",
  "turks & caicos islands": "TC",
  "heard & mcdonald islands": "HM",
  "wallis & futuna": "WF",
  "st. pierre & miquelon": "PM",
  "svalbard & jan mayen": "SJ",
  "u.s. virgin islands": "VI",
  "hong kong": "HK",
  macao: "MO",
  palestine: "PS",
  syria: "SY",
  moldova: "MD",
  réunion: "RE",
  brunei: "BN",
  micronesia: "FM",
  "vatican city": "VA",
  "falkland islands": "FK",
  "sint maarten": "SX",
  "st. martin": "MF",
  "st. barthélemy": "BL",
  "st. helena": "SH",
  "u.s. outlying islands": "UM",
  "caribbean netherlands": "BQ",
};

/** How GA4 writes visitors it could not place. */
const NOT_PLACED = new Set(["(not set)", "(other)", "unknown"]);

export type Ga4Country = { code: string } | { notPlaced: true } | { unknownName: string };

/** A GA4 country name as an ISO 3166-1 alpha-2 code, GA4's not-placed values, or a name we cannot place. */
export function ga4Country(name: string): Ga4Country {
  const key = name.trim().toLowerCase();
  if (NOT_PLACED.has(key)) return { notPlaced: true };
  const code = GA4_NAMES[key] ?? isoCountries.getAlpha2Code(name.trim(), "en");
  return code ? { code } : { unknownName: name.trim() };
}
