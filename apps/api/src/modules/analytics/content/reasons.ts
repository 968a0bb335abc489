/** What each content section says for a period without posts, with what to do next (docs/data-sources.md). */
export const NO_POSTS =
  "No posts in this period. Choose another period, or import your posts on Data sources.";

/** How many posts a figure leaves out for an unknown engagement count (§0), as the contract's optional field. */
export const unknownEngagementField = (n: number): { unknownEngagement?: number } =>
  n > 0 ? { unknownEngagement: n } : {};

/** Why a figure has no value when every post it could use has an unknown engagement count. */
export const allEngagementUnknown = (n: number) =>
  `The likes or comments of ${n === 1 ? "this period's post are" : `all ${n} posts of this period are`} not ` +
  "known (not in the imported file, or hidden by the platform), so engagement cannot be measured. Import an " +
  "export with the Likes and Comments columns.";
