import type { ContentPost, FollowerPoint } from "./types";

/** A post with plain defaults; tests override only what they assert on. */
export function makePost(id: string, overrides: Partial<ContentPost> & { at?: string } = {}): ContentPost {
  const { at = "2024-03-01T12:00:00Z", ...rest } = overrides;
  return {
    id,
    platform: "instagram",
    url: `https://example.com/p/${id}`,
    postedAt: new Date(at),
    text: "",
    format: "image",
    likes: 0,
    comments: 0,
    shares: null,
    views: null,
    ...rest,
  };
}

/** One snapshot a day with a constant count, so ERf = E / followers exactly. */
export function dailyFollowers(
  platform: FollowerPoint["platform"],
  from: string,
  days: number,
  followers: number,
): FollowerPoint[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => ({
    platform,
    day: new Date(start + i * 86_400_000).toISOString().slice(0, 10),
    followers,
  }));
}

/** A fixed-seed shuffle so order-independence tests are themselves reproducible. */
export function shuffled<T>(items: readonly T[], seed = 7): T[] {
  const copy = [...items];
  let state = seed;
  for (let i = copy.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const j = state % (i + 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

export const TOPICS = {
  coffee: "espresso latte barista roast beans brew cappuccino grinder crema arabica mocha pourover",
  fitness: "workout gym squat cardio protein training muscles stretch yoga running sprint dumbbell",
  travel: "beach flight passport island hotel luggage sunset itinerary backpack airport resort cruise",
} as const;
const GENERIC = "today weekend team happy morning week ready favorite moment friends".split(" ");

/**
 * Captions drawn from planted vocabularies with a fixed PRNG: `perTopic` posts for each topic, each with six
 * topic words and two generic ones, so the topics overlap in their filler words as real captions do.
 */
export function syntheticTopicPosts(perTopic: number, seed = 1): { post: ContentPost; topic: string }[] {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const out: { post: ContentPost; topic: string }[] = [];
  for (const [topic, words] of Object.entries(TOPICS)) {
    const vocabulary = words.split(" ");
    for (let i = 0; i < perTopic; i++) {
      const text = [...Array.from({ length: 6 }, () => pick(vocabulary)), pick(GENERIC), pick(GENERIC)].join(
        " ",
      );
      const id = `${topic}-${String(i).padStart(4, "0")}`;
      out.push({
        post: makePost(id, { text, at: `2024-03-${String(1 + (i % 28)).padStart(2, "0")}T10:00:00Z` }),
        topic,
      });
    }
  }
  return out;
}
