/** What each content section says for a period without posts, with what to do next (docs/data-sources.md). */
export const NO_POSTS =
  "No posts in this period. Choose another period, or import your posts on Data sources.";
