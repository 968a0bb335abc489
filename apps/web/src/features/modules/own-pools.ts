/**
 * What fills the pools a brand of one's own is read from, said wherever one of them is empty. The sample data set's
 * keywords and creators belong to the sample brand alone (docs/decisions.md "Brand data and provenance"), so an own
 * brand's intent, influencers and persona matches start empty until its own data comes in.
 */

/**
 * The ways in of a brand's own keywords, all on Data sources. Search Console's queries are the brand's searches, not
 * keywords with a volume; connected, Google Ads gives them volumes of their own.
 */
export const OWN_KEYWORD_WAYS_IN =
  "On Data sources, import a Google Ads Keyword Planner export, or connect Google Ads (volumes and costs per click of your keywords, and of the queries Google Search Console lists for your website).";

/** The ways in of a brand's own searches (Search Console's queries), both on Data sources. */
export const OWN_SEARCHES_WAYS_IN =
  "On Data sources, upload a Google Search Console export (Performance, Queries tab, Export, then the Queries.csv file) or connect Google Search Console.";

/** How an own brand's creator pool fills, said where it is empty; the sample's creators are not real. */
export const NO_OWN_CREATORS =
  "On Data sources, import a creator list (a CSV with each creator's handle, platform and followers), import your and your competitors' posts (the creators they @mention are added here), or connect YouTube with your own API key (channels found by your keywords are added weekly). Brandscope recommends only real creators for your brand, never the sample data's generated profiles.";

/** The one-line method note of the own brand's ranking (docs/analytics-methods.md §4.8). */
export const OWN_CREATORS_METHOD =
  "Ranked among your own creators only: your keywords and content topics found in their name, bio and recent titles count half, their size band and their engagement rate within that band a quarter each. Audience fit is unknown for real creators, so it is not used.";

/** Where each of an own brand's creators came from, in words. */
export const CREATOR_ORIGIN_LABELS = {
  creator_list: "Creator list",
  mentioned_in_posts: "Mentioned in posts",
  youtube_search: "YouTube search",
  instagram_handle: "Added by handle",
} as const;
