import isoCountries from "i18n-iso-countries";

export interface Country {
  id: string;
  label: string;
  emoji: string;
}

/** The flag is the code spelled in regional indicator symbols (U+1F1E6 is "A"). */
export function flagEmoji(alpha2: string): string {
  return String.fromCodePoint(...[...alpha2.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

/**
 * The package lists an official name first and then common ones. A picker reads best with the common name
 * ("Russia", "Iran", "United States") unless it is an abbreviation ("UK"), an inverted form ("Korea,
 * Republic of") or shared by two countries ("Congo").
 */
function labels(): Map<string, string> {
  const all = isoCountries.getNames("en", { select: "all" });
  const commonCount = new Map<string, number>();
  for (const names of Object.values(all)) {
    if (names[1]) commonCount.set(names[1], (commonCount.get(names[1]) ?? 0) + 1);
  }
  const usable = (name: string | undefined): name is string =>
    name !== undefined && !/^[A-Z.]+$/.test(name) && !name.includes(",") && commonCount.get(name) === 1;
  return new Map(
    Object.entries(all).map(([code, [official = code, common]]) => [
      code,
      (usable(common) ? common : official).replace(/^The /, ""),
    ]),
  );
}

function buildCountries(): Country[] {
  return [...labels()]
    .map(([id, label]) => ({ id, label, emoji: flagEmoji(id) }))
    .sort((a, b) => a.label.localeCompare(b.label, "en"));
}

/** Every ISO 3166-1 country, sorted by English label; built once, it never changes while running. */
export const countries: readonly Country[] = buildCountries();

const countryIds = new Set(countries.map((c) => c.id));

/** Whether `id` is a country of GET /countries. */
export const isKnownCountry = (id: string) => countryIds.has(id);
