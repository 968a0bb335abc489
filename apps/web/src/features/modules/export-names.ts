/**
 * Each export by the name its platform gives it, as the import formats name themselves
 * (`label` in apps/api/src/modules/imports/formats/): its id read as words misspells the platforms ("Youtube",
 * "Tiktok", "Linkedin", "Ga4").
 */
const EXPORT_NAMES: Readonly<Record<string, string>> = {
  "creator-list": "Creator list",
  "ga4-audience": "Google Analytics 4 audience",
  "ga4-traffic": "Google Analytics 4 traffic",
  "google-ads-keyword-planner": "Google Ads Keyword Planner",
  "instagram-posts": "Meta Instagram posts",
  "linkedin-followers": "LinkedIn new followers",
  "linkedin-updates": "LinkedIn posts",
  "meta-daily-follows": "Meta daily follows",
  "meta-facebook-posts": "Meta Facebook posts",
  "search-console-queries": "Google Search Console queries",
  "tiktok-content": "TikTok Studio content",
  "tiktok-follower-history": "TikTok Studio follower history",
  "x-account-content": "X account analytics content",
  "x-tweet-activity": "X tweet activity (legacy)",
  "youtube-content": "YouTube Studio content",
};

/** The exports that store a brand's audience segments rather than posts, followers or keywords. */
const AUDIENCE_EXPORTS: ReadonlySet<string> = new Set(["ga4-audience"]);

/** An export's id for people: "meta-facebook-posts" → "Meta Facebook posts"; an id not named above, as words. */
export function exportName(format: string): string {
  const named = EXPORT_NAMES[format];
  if (named) return named;
  const words = format.replaceAll(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const isAudienceExport = (format: string) => AUDIENCE_EXPORTS.has(format);

/** The exports that store months of a website's visits by country (traffic_months) rather than rows one for one. */
export const isTrafficExport = (format: string) => format === "ga4-traffic";
