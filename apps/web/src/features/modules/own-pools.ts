/**
 * What fills the pools a brand of one's own is read from, said wherever one of them is empty. The sample data set's
 * keywords and creators belong to the sample brand alone (docs/decisions.md "Brand data and provenance"), so an own
 * brand's intent, influencers and persona matches start empty until its own data comes in.
 */

/** The three ways in of a brand's own keywords, all on Data sources. */
export const OWN_KEYWORD_WAYS_IN =
  "On Data sources, import a Google Ads Keyword Planner export, or connect Google Search Console (the searches that found your website) or Google Ads (volumes and costs per click of your keywords).";

/** Why an own brand's creator list is empty: nothing can fill it yet, and the sample's creators are not real. */
export const NO_OWN_CREATORS =
  "Brandscope recommends only real creators for your brand, never the sample data's generated profiles, and cannot find or import creators for your own brand yet, so this list stays empty for now. Your content, audience and keyword figures do not depend on it.";
