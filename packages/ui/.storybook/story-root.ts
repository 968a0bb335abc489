/** Marks the element a story renders into; the visual tests (vitest.setup.ts) screenshot it. */
export const STORY_ROOT_ATTRIBUTE = "data-story-root";
