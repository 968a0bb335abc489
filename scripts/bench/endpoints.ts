import type { components } from "@brandscope/api-client/schema";
import type { BenchUser } from "./user";

type Schemas = components["schemas"];

export interface Endpoint {
  /** The path with its query, as requested. */
  path: string;
  /** Audience search has its own target: p50 under 20 ms. */
  audienceSearch: boolean;
}

async function getJson<T>(baseUrl: string, path: string, user: BenchUser): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { authorization: await user.authorization() },
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A few letters from inside a word (not its start, so the contains-search does the work), else the word. */
function fragmentOf(text: string, length: number): string {
  const word = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .find((w) => w.length > length);
  return word ? word.slice(1, 1 + length) : text.toLowerCase().slice(0, length);
}

/** Every module read, with ids and search texts taken from the sample data the user now sees. */
export async function moduleEndpoints(baseUrl: string, user: BenchUser): Promise<Endpoint[]> {
  const personas = await getJson<Schemas["PersonaList"]>(baseUrl, "/api/audience?limit=20&page=1", user);
  const influencers = await getJson<Schemas["InfluencerList"]>(baseUrl, "/api/influencer?limit=20", user);
  const keywords = await getJson<Schemas["KeywordList"]>(baseUrl, "/api/intent", user);
  const persona = personas.results[0];
  const influencer = influencers.results[0];
  const keyword = keywords.keywordData[0];
  if (!persona || !influencer || !keyword) {
    throw new Error(
      `The sample brand has no ${!persona ? "personas" : !influencer ? "influencers" : "keywords"}: nothing to measure`,
    );
  }
  const search = fragmentOf(persona.interests[0] ?? persona.name, 4);
  const read = (path: string): Endpoint => ({ path, audienceSearch: false });
  return [
    read("/api/dashboard"),
    read("/api/content"),
    read("/api/content?period=90d"),
    read("/api/competitor"),
    read("/api/audience?limit=20&page=1"),
    { path: `/api/audience?search=${encodeURIComponent(search)}`, audienceSearch: true },
    read(`/api/audience/${persona.id}`),
    read("/api/influencer?limit=20"),
    read("/api/influencer?platform=instagram&limit=20&page=3"),
    read(`/api/influencer/${influencer.id}`),
    read("/api/intent"),
    read(`/api/intent/keyword?keyword=${encodeURIComponent(fragmentOf(keyword.keyword, 3))}`),
  ];
}
