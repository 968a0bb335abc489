// What other modules may use of analytics (docs/architecture.md "Module faces"); the rest of the folder is its own.
// What comes from a *.repo.ts file is a repository read or write other modules call directly, named one by one.

export { listPersonas } from "./audience.service";
export { readFollowers } from "./brand-data.repo";
export { engagementOf } from "./competitor/engagement";
export type { TrafficMonth } from "./competitor/traffic";
export { competitorAnswer, getCompetitorAnalytics } from "./competitor.service";
export { getContent } from "./content.service";
export { findBrandsWithFigures } from "./figures.repo";
export { listInfluencers } from "./influencer.service";
export { profileInfluencersJob } from "./influencer-profiles.job";
export { getIntent } from "./intent.service";
export {
  addDays,
  type DayWindow,
  dayLabel,
  daysBetween,
  dayToDate,
  MAX_CUSTOM_DAYS,
  toDay,
  windowLabel,
} from "./periods";
export { median } from "./statistics";
