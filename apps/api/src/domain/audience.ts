/**
 * The demographic values an audience segment is described by (brand-data.schema.ts audience_segments): what the
 * sample generates and what an imported audience export is mapped to.
 */
export const AGE_BANDS = ["13-17", "18-24", "25-34", "35-44", "45-54", "55-64", "65+"] as const;
export type AgeBand = (typeof AGE_BANDS)[number];

/**
 * The age band, gender or country of visitors the source could not place (GA4's "unknown" and "(not set)"). Kept
 * as a value of its own rather than dropped: those people are part of the audience, and the persona method keeps
 * them out of age ranges, dominant genders and dominant countries (analytics/audience/persona-figures.ts).
 */
export const UNKNOWN_DEMOGRAPHIC = "unknown";

/** Personas need at least this many audience segments with interests (docs/analytics-methods.md §3). */
export const MIN_SEGMENTS = 5;
