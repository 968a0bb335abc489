import type { components } from "@brandscope/api-client/schema";
import type { ConnectorStatus } from "../../db/schema";
import { workspaceOf } from "../../kernel/caller";
import { AppError, type ErrorDetail } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { seal } from "../../lib/crypto";
import { replaceSocialLinks } from "../brand";
import { connectionOwner, findConnectionOwner } from "./connection-owner";
import { type ConnectionRow, findChannelReadings, findConnection, saveConnection } from "./connections.repo";
import { disconnect, readNow, runTimes } from "./connector-lifecycle";
import { countOperatorSearches } from "./creator-search.repo";
import { YOUTUBE } from "./youtube.provider";
import { youtubeAllowance } from "./youtube-allowance";
import { SEARCH_UNITS, subscriberRounding } from "./youtube-api";
import { connectorBrands } from "./youtube-brands";
import { ChannelRefError, channelUrl, parseChannelRef } from "./youtube-channel-ref";
import { quotaDayOf } from "./youtube-quota";

type Schemas = components["schemas"];

/**
 * What the chosen brand's connector looks like now: its status, the key it uses and the channel of the brand and of
 * each of its competitors.
 */
export async function youtubeConnector(
  ctx: Pick<RequestCtx, "db" | "config" | "clock" | "brandId">,
  workspaceId: string,
): Promise<Schemas["YoutubeConnector"]> {
  const owner = await findConnectionOwner(ctx.db, { workspaceId, brandId: ctx.brandId });
  const connection = owner && (await findConnection(ctx.db, { ...owner, provider: "youtube" }));
  const brands = await connectorBrands(ctx.db, workspaceId, ctx.brandId);
  const readings = connection ? await findChannelReadings(ctx.db, { connectionId: connection.id }) : [];
  const keySource = keySourceOf(ctx, connection);
  const allowance =
    connection && keySource !== null
      ? await youtubeAllowance(ctx.db, ctx.config, connection, ctx.clock.now())
      : undefined;
  return {
    status: keySource === null ? "not_connected" : youtubeStatus(connection?.status ?? "connected"),
    statusReason: keySource === null ? null : (connection?.statusReason ?? null),
    keySource,
    ...runTimes(connection ?? { lastRunAt: null, lastSuccessAt: null }, {
      workspaceId,
      now: ctx.clock.now(),
      waiting: keySource === null || !connection || connection.status === "key_rejected",
    }),
    quotaUsedToday: allowance?.usedToday ?? 0,
    dailyQuota: allowance?.dailyQuota ?? ctx.config.youtube.dailyQuota,
    operatorKeyShare: allowance?.share ?? null,
    creatorSearch: {
      perDay: keySource === "workspace" ? null : ctx.config.youtube.operatorSearchesPerDay,
      usedToday: await countOperatorSearches(ctx.db, { workspaceId, quotaDay: quotaDayOf(ctx.clock.now()) }),
      unitsPerSearch: SEARCH_UNITS,
    },
    channels: brands.map(({ brand, isOwnBrand, channel }) => {
      const reading = readings.find((r) => r.brandId === brand.id);
      return {
        brandId: brand.id,
        brandName: brand.name,
        isOwnBrand,
        channel,
        title: reading?.title ?? null,
        subscribers: reading?.subscribers ?? null,
        subscribersRoundedTo: reading?.subscribers == null ? null : subscriberRounding(reading.subscribers),
        problem: reading?.problem ?? null,
      };
    }),
  };
}

/** The statuses of OAuth connectors never apply to a YouTube key; shown as an error should one be stored. */
function youtubeStatus(status: ConnectorStatus): Schemas["YoutubeConnector"]["status"] {
  return status === "token_expired" ||
    status === "no_access" ||
    status === "choose_property" ||
    status === "rate_limited" ||
    status === "project_not_approved" ||
    status === "version_sunset"
    ? "error"
    : status;
}

function keySourceOf(ctx: Pick<RequestCtx, "config">, connection: ConnectionRow | undefined) {
  if (connection?.sealedCredential) return "workspace" as const;
  if (connection && ctx.config.youtube.operatorKey) return "operator" as const;
  return null;
}

export const getYoutubeConnector = (ctx: RequestCtx) => youtubeConnector(ctx, workspaceOf(ctx));

/**
 * Connects YouTube: the key (sealed at rest) or the operator's, and each brand's channel, stored as the brand's
 * YouTube link. Every brand named must be the workspace's own or one of its competitors; the channels are then read
 * by a job (youtube-sync.job.ts).
 */
export async function connectYoutube(
  ctx: RequestCtx,
  body: Schemas["ConnectYoutubeRequest"],
): Promise<Schemas["YoutubeConnector"]> {
  const owner = await connectionOwner(ctx);
  const { workspaceId } = owner;
  const brands = await connectorBrands(ctx.db, workspaceId, owner.brandId);
  const details: ErrorDetail[] = [];
  const links = body.channels.map((entry, index) => {
    if (!brands.some((b) => b.brand.id === entry.brandId)) {
      throw new AppError("NOT_FOUND", 404, "This brand is not your brand or one of its competitors.");
    }
    if (entry.channel === null || entry.channel.trim() === "") return { brandId: entry.brandId, url: null };
    try {
      return { brandId: entry.brandId, url: channelUrl(parseChannelRef(entry.channel)) };
    } catch (error) {
      if (!(error instanceof ChannelRefError)) throw error;
      details.push({ path: `/channels/${index}/channel`, message: error.message });
      return { brandId: entry.brandId, url: null };
    }
  });
  if (details.length > 0) {
    throw new AppError("VALIDATION_FAILED", 400, details[0]?.message ?? "Invalid channel", details);
  }
  const existing = await findConnection(ctx.db, { ...owner, provider: "youtube" });
  const apiKey = body.apiKey?.trim();
  if (!apiKey && !existing?.sealedCredential && !ctx.config.youtube.operatorKey) {
    throw new AppError("VALIDATION_FAILED", 400, "Enter a YouTube Data API key", [
      { path: "/apiKey", message: "Enter a YouTube Data API key" },
    ]);
  }
  await ctx.db.transaction(async (tx) => {
    await saveConnection(tx, {
      ...owner,
      provider: "youtube",
      sealedCredential: apiKey ? seal(ctx.keys.seal, apiKey) : undefined,
      status: "reading",
    });
    for (const link of links) {
      await replaceSocialLinks(tx, {
        brandId: link.brandId,
        platforms: ["youtube"],
        links: link.url ? [{ platform: "youtube", url: link.url }] : [],
      });
    }
    await ctx.jobs.enqueue(YOUTUBE.job, owner, { tx });
  });
  ctx.log.info({ ...owner, channels: links.filter((l) => l.url).length }, "YouTube connected");
  return youtubeConnector(ctx, workspaceId);
}

/** Reads the channels again now, within a rate limit; 409 when YouTube is not connected. */
export async function refreshYoutube(ctx: RequestCtx): Promise<Schemas["YoutubeConnector"]> {
  const owner = await readNow(ctx, YOUTUBE, (connection) => {
    if (keySourceOf(ctx, connection) === null) throw new AppError("NOT_CONNECTED", 409, YOUTUBE.notConnected);
  });
  return youtubeConnector(ctx, owner.workspaceId);
}

/** Forgets the chosen brand's key and readings; the posts and audience already read stay with the brands. */
export const disconnectYoutube = (ctx: RequestCtx): Promise<undefined> => disconnect(ctx, YOUTUBE);
