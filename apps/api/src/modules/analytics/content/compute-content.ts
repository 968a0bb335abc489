import { architectureSection } from "./architecture";
import { auditSection } from "./audit";
import { contentBreakdown } from "./breakdown";
import { headlineRate, indexFollowers } from "./engagement";
import { fitPillars } from "./fit-pillars";
import { withSearches } from "./keyword-searches";
import { keywordAnalysis } from "./keywords";
import { performanceSection } from "./performance";
import { relativePerformance } from "./relative-performance";
import { brandTokenizer, type PostTokens, type Tokenizer } from "./text-tokens";
import type { ContentAnalyticsSections, ContentInput, ContentPost } from "./types";
import { byTimeThenId, postsInWindow } from "./window";

/** Keywords and pillars read the same captions: tokenise each once. */
function memoise(tokenize: Tokenizer): Tokenizer {
  const cache = new Map<string, PostTokens>();
  return (text) => {
    let tokens = cache.get(text);
    if (!tokens) {
      tokens = tokenize(text);
      cache.set(text, tokens);
    }
    return tokens;
  };
}

/**
 * The Content module's figures for one brand and period (docs/analytics-methods.md §1.1–1.7). Pure: `now` and the
 * pillar model come in; the same input gives a deep-equal output, whatever the order of `posts`.
 */
export function computeContent(input: ContentInput): ContentAnalyticsSections {
  const posts: ContentPost[] = [...input.posts].sort(byTimeThenId);
  const followers = indexFollowers(input.followers);
  const windowPosts = postsInWindow(posts, input.window);
  const previousPosts = postsInWindow(posts, input.previous);
  const tokenize = memoise(brandTokenizer(input.brand));
  const rated = relativePerformance(windowPosts, posts, followers, input.now);
  const model = input.pillars ?? fitPillars(posts, input.brand);
  return {
    contentBreakdown: contentBreakdown(windowPosts),
    keywordAnalysis: withSearches(
      keywordAnalysis(windowPosts, tokenize, (post) => headlineRate(post, followers)),
      input.searchSet,
      tokenize,
    ),
    performance: performanceSection(windowPosts, rated, input.brand.logo),
    audit: auditSection({
      posts,
      windowPosts,
      previousPosts,
      window: input.window,
      previous: input.previous,
      followers,
    }),
    architecture: architectureSection(windowPosts, model, tokenize),
  };
}
