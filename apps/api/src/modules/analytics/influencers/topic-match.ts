import { cosine } from "./audience-fit";

/**
 * Topic match (§4), 0–1: cosine between the influencer's topics (each weighs 1) and the brand's interest weights
 * (pillar labels and persona interests mapped to the taxonomy). No topics or no interests ⇒ 0: nothing matches.
 */
export function topicMatch(
  topics: readonly string[],
  brandInterests: Readonly<Record<string, number>>,
): number {
  const own: Record<string, number> = {};
  for (const t of topics) own[t] = 1;
  return cosine(own, brandInterests) ?? 0;
}
