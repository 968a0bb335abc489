import type { components } from "@brandscope/api-client/schema";
import type { ConnectorStatus } from "../../db/schema";
import { workspaceOf } from "../../kernel/caller";
import type { ReadCtx } from "../../kernel/handler-types";
import { findCurrentBrand } from "../brand";
import { NO_ARTICLES_PROBLEM } from "../website";
import { findConnectionStates, findWebsiteReadState } from "./source-health.repo";

type Schemas = components["schemas"];
type SourceState = Schemas["SourceState"];

/** What to tell the user when a run stored a failing status without its own reason. */
const FAILURE_SENTENCES: Record<Exclude<ConnectorStatus, "reading" | "connected">, string> = {
  quota_exhausted: "Its quota is used up: reading resumes by itself when the quota renews.",
  key_rejected: "The platform refused the API key: enter a valid key on Data sources.",
  token_expired: "Its sign-in expired: connect it again on Data sources.",
  no_access: "The connected account can no longer read it: connect an account that can, on Data sources.",
  choose_property: "Choose what it should read on Data sources.",
  rate_limited: "The platform's rate limit is reached: reading resumes by itself.",
  project_not_approved:
    "Google has not approved this server's Google Cloud project for Google Ads accounts yet: its operator must apply; reading resumes by itself.",
  version_sunset:
    "Google no longer serves the Google Ads API version this server calls: its operator must update it; reading resumes by itself.",
  error:
    "Its last run failed: it is tried again at the next daily refresh, or use Refresh now on Data sources.",
};

/**
 * Where each live source of the brand stands (its website, then every connected platform), so the modules can say
 * why they stay empty when every one failed. The sample brand has no live sources.
 */
export async function getSourceHealth(ctx: ReadCtx): Promise<Schemas["SourceHealth"]> {
  const workspaceId = workspaceOf(ctx);
  const brand = await findCurrentBrand(ctx.db, { workspaceId, brandId: ctx.brandId });
  if (!brand || brand.sample) return { sources: [], allFailing: false };
  const [read, connections] = await Promise.all([
    findWebsiteReadState(ctx.db, { brandId: brand.id }),
    findConnectionStates(ctx.db, { workspaceId, brandId: brand.id }),
  ]);
  const website = websiteState(brand, read);
  const sources = [website, ...connections.map(connectionState)];
  return { sources, allFailing: sources.every((s) => s.status === "failing") };
}

function websiteState(
  brand: { status: string; statusReason: string | null },
  read: Awaited<ReturnType<typeof findWebsiteReadState>>,
): SourceState {
  const lastSuccessAt = read?.lastSuccessAt?.toISOString() ?? null;
  // A website that cannot be read at all stops the brand's collection (modules/brand/collect.job.ts).
  if (brand.status === "error") {
    const problem = brand.statusReason ?? "Its website could not be read.";
    return { source: "website", status: "failing", problem, lastSuccessAt };
  }
  const requested = read?.requestedAt && (!read.lastRunAt || read.requestedAt > read.lastRunAt);
  if (brand.status !== "active" || !read?.lastRunAt || requested)
    return { source: "website", status: "reading", problem: null, lastSuccessAt };
  // A website without a feed or dated pages was read (its facts, logo and links): it has no articles to give, which
  // Data sources says; that is how the site is, not a failure that a marketer can wait out.
  if (read.problem && read.problem !== NO_ARTICLES_PROBLEM)
    return { source: "website", status: "failing", problem: read.problem, lastSuccessAt };
  return { source: "website", status: "ok", problem: null, lastSuccessAt };
}

function connectionState(row: Awaited<ReturnType<typeof findConnectionStates>>[number]): SourceState {
  const lastSuccessAt = row.lastSuccessAt?.toISOString() ?? null;
  if (row.status === "reading")
    return { source: row.provider, status: "reading", problem: null, lastSuccessAt };
  if (row.status === "connected") {
    // Connected, but the brand's own channel or account could not be read (removed, renamed, private).
    if (row.channelProblem && !channelRead(row))
      return { source: row.provider, status: "failing", problem: row.channelProblem, lastSuccessAt };
    return { source: row.provider, status: "ok", problem: null, lastSuccessAt };
  }
  const problem = row.statusReason ?? FAILURE_SENTENCES[row.status];
  return { source: row.provider, status: "failing", problem, lastSuccessAt };
}

/**
 * Whether the brand's channel or account was found and read, whatever note its reading carries: a YouTube channel
 * found has its title (one that hides its subscribers is read all the same: its videos are); an Instagram account
 * found gives its followers or its number of posts (youtube-sync.job.ts, instagram-sync.job.ts). A note of a read
 * (hidden counts) is not a failing source; a channel not found, or a link naming none, is.
 */
function channelRead(row: {
  provider: string;
  channelTitle: string | null;
  channelSubscribers: number | null;
  channelMediaCount: number | null;
}): boolean {
  if (row.channelTitle === null) return false;
  return row.provider !== "instagram" || row.channelSubscribers !== null || row.channelMediaCount !== null;
}
