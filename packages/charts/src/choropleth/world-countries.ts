/// <reference path="./world-atlas.d.ts" />
import type { Feature, Geometry } from "geojson";
import { feature } from "topojson-client";
import world from "world-atlas/countries-110m.json";
import { ALPHA3_BY_NUMERIC } from "./iso-numeric-to-alpha3";

export interface CountryFeature extends Feature<Geometry, { name: string }> {
  /** ISO 3166-1 alpha-3, or `name:<name>` for the few territories without an ISO code (Kosovo, N. Cyprus). */
  id: string;
}

const ANTARCTICA = "010";

/** ISO numeric ("840") to alpha-3 ("USA"); undefined for codes ISO does not define. */
export function alpha3FromNumeric(numeric: string | number): string | undefined {
  return ALPHA3_BY_NUMERIC[String(numeric).padStart(3, "0")];
}

// The map ships inside this chunk and is converted once, when the module loads: never fetched at run time.
// Antarctica is left out: it takes a fifth of the map's height and has no website traffic.
export const COUNTRIES: CountryFeature[] = feature(world, world.objects.countries)
  .features.filter((country) => country.id !== ANTARCTICA)
  .map((country) => ({
    ...country,
    id:
      (country.id === undefined ? undefined : alpha3FromNumeric(country.id)) ??
      `name:${country.properties.name}`,
  }));

const NAME_BY_ID = new Map(COUNTRIES.map((country) => [country.id, country.properties.name]));

/** The map's name for an alpha-3 code, e.g. "USA" → "United States of America". */
export function countryName(alpha3: string): string | undefined {
  return NAME_BY_ID.get(alpha3.toUpperCase());
}
