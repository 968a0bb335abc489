/**
 * The audience interests Brandscope knows: what the sample's audience segments are made of and what personas are
 * described by (analytics/audience/interest-taxonomy.ts groups them). The order is part of the persona method:
 * it is the column order of the behaviour matrix.
 */
export const INTERESTS = [
  "coffee",
  "cooking",
  "food",
  "wellness",
  "sustainability",
  "running",
  "hiking",
  "fitness",
  "outdoors",
  "cycling",
  "skincare",
  "makeup",
  "fashion",
  "streetwear",
  "luxury",
  "design",
  "tech",
  "productivity",
  "entrepreneurship",
  "finance",
  "travel",
  "budget-travel",
  "photography",
  "parenting",
  "music",
  "gaming",
] as const;
export type InterestId = (typeof INTERESTS)[number];
