/** Exports whose id does not read well as words ("ga4-audience" would be "Ga4 audience"). */
const EXPORT_NAMES: Readonly<Record<string, string>> = {
  "ga4-audience": "Google Analytics 4 audience",
  "ga4-traffic": "Google Analytics 4 traffic",
};

/** The exports that store a brand's audience segments rather than posts, followers or keywords. */
const AUDIENCE_EXPORTS: ReadonlySet<string> = new Set(["ga4-audience"]);

/** An export's id for people: "meta-facebook-posts" → "Meta facebook posts", "ga4-audience" by its own name. */
export function exportName(format: string): string {
  const named = EXPORT_NAMES[format];
  if (named) return named;
  const words = format.replaceAll(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const isAudienceExport = (format: string) => AUDIENCE_EXPORTS.has(format);

/** The exports that store months of a website's visits by country (traffic_months) rather than rows one for one. */
export const isTrafficExport = (format: string) => format === "ga4-traffic";
