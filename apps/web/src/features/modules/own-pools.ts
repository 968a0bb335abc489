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

/** Why an own brand's creator list is empty: nothing can fill it yet, and the sample's creators are not real. */
export const NO_OWN_CREATORS =
  "Brandscope recommends only real creators for your brand, never the sample data's generated profiles, and cannot find or import creators for your own brand yet, so this list stays empty for now. Your content, audience and keyword figures do not depend on it.";
