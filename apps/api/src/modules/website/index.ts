// What other modules may use of website (docs/architecture.md "Module faces"); the rest of the folder is its own.
// What comes from a *.repo.ts file is a repository read or write other modules call directly, named one by one.

export {
  findWebsiteReadTimes,
  findWebsiteSources,
  requestWebsiteRead,
  type WebsiteSourceRow,
} from "./articles.repo";
export { collectWebsite, toWebsiteUrl } from "./collect-website";
export { NO_ARTICLES_PROBLEM } from "./read-articles";
export type { SocialPlatform } from "./social-links";
export { noteWebsiteProblem, refreshArticles } from "./website-articles";
