import type { components } from "@brandscope/api-client/schema";
import { workspaceOf } from "../../kernel/caller";
import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { limitRequests } from "../auth";
import { findCurrentBrand, RETRY_COLLECTION_LIMIT } from "../brand";
import { findWebsiteSources, requestWebsiteRead, type WebsiteSourceRow } from "../website";
import { nextRefreshAfter } from "./refresh-schedule";

type Schemas = components["schemas"];

/** The websites of the workspace's brand and competitors as sources of articles (Data sources screen). */
export async function listWebsiteSources(ctx: RequestCtx): Promise<Schemas["WebsiteSourceList"]> {
  const workspaceId = workspaceOf(ctx);
  const rows = await sourcesOf(ctx, workspaceId);
  return { websites: rows.map((row) => toWebsiteSource(row, workspaceId, ctx.clock.now())) };
}

/**
 * Reads a company's website again now, as the daily refresh would: an active brand stays active while it is read.
 * It shares the brand's collection limit, since both fetch the same website.
 */
export async function refreshWebsiteSource(
  ctx: RequestCtx,
  brandId: string,
): Promise<Schemas["WebsiteSource"]> {
  const workspaceId = workspaceOf(ctx);
  const row = (await sourcesOf(ctx, workspaceId)).find((r) => r.brandId === brandId);
  if (!row)
    throw new AppError("NOT_FOUND", 404, "This website is not one of your brand's or its competitors'.");
  await limitRequests(
    ctx,
    { key: `collect:${brandId}`, ...RETRY_COLLECTION_LIMIT },
    (wait) => `This website was read a moment ago. You can read it again in ${wait}.`,
  );
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await requestWebsiteRead(tx, { brandId, now });
    await ctx.jobs.enqueue("collect-brand", { brandId, daily: true }, { tx });
  });
  const read = row.read ? { ...row.read, requestedAt: now } : null;
  return toWebsiteSource({ ...row, read: read ?? readRequested(brandId, now) }, workspaceId, now);
}

async function sourcesOf(ctx: RequestCtx, workspaceId: string): Promise<WebsiteSourceRow[]> {
  const brand = await findCurrentBrand(ctx.db, { workspaceId, brandId: ctx.brandId });
  // The sample's websites are not read: its articles would be somebody else's.
  if (!brand || brand.sample) return [];
  return findWebsiteSources(ctx.db, { workspaceId, brandId: brand.id });
}

const readRequested = (brandId: string, now: Date): NonNullable<WebsiteSourceRow["read"]> => ({
  brandId,
  requestedAt: now,
  lastRunAt: null,
  lastSuccessAt: null,
  sourceUrl: null,
  datedBy: null,
  coveredFrom: null,
  articles: 0,
  problem: null,
});

function toWebsiteSource(row: WebsiteSourceRow, workspaceId: string, now: Date): Schemas["WebsiteSource"] {
  const { read } = row;
  // A read clears the request when it ends (modules/website/website-articles.ts).
  const requested = Boolean(read?.requestedAt);
  const collecting = row.status === "pending" || row.status === "in-progress";
  const status =
    collecting || requested
      ? "reading"
      : !read?.lastRunAt
        ? "waiting"
        : read.problem
          ? "problem"
          : "connected";
  return {
    brandId: row.brandId,
    name: row.name,
    website: row.website,
    own: row.own,
    status,
    lastRunAt: read?.lastRunAt?.toISOString() ?? null,
    lastSuccessAt: read?.lastSuccessAt?.toISOString() ?? null,
    nextRunAt: status === "reading" ? null : nextRefreshAfter(workspaceId, now).toISOString(),
    articles: read?.articles ?? 0,
    datedBy: read?.datedBy ?? null,
    sourceUrl: read?.sourceUrl ?? null,
    problem: read?.problem ?? null,
  };
}
