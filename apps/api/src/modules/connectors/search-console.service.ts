import type { components } from "@brandscope/api-client/schema";
import type { FastifyReply } from "fastify";
import { signedIn, workspaceOf } from "../../kernel/caller";
import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { MINUTE_MS } from "../../lib/clock";
import { seal } from "../../lib/crypto";
import { limitRequests } from "../auth/limits";
import { findCurrentBrand } from "../brand/brand.repo";
import { connectionOwner } from "./connection-owner";
import { findConnection } from "./connections.repo";
import {
  type ConsentCallback,
  type ConsentFlow,
  type GrantedConsent,
  receiveConsent,
  startConsent,
} from "./consent";
import { exchangeForGrant, googleConsentParams } from "./google-oauth";
import { findGrant, forgetGrant, googleRevoker, releaseGoogleGrant } from "./grant";
import { nextRefreshAfter } from "./refresh-schedule";
import { countConnectorSearches, saveSearchConsoleConnection, setProperty } from "./search-console.repo";
import { GoogleError, searchConsoleClient } from "./search-console-api";
import { matchingProperty } from "./search-console-sites";

type Schemas = components["schemas"];
type Connector = Schemas["SearchConsoleConnector"];

/** Read-only access to Search Console, the only scope asked. */
export const SEARCH_CONSOLE_SCOPE = "https://www.googleapis.com/auth/webmasters.readonly";
export const CONSENT: ConsentFlow = {
  provider: "search_console",
  slug: "search-console",
  name: "Search Console",
  unavailable: "Google Search Console is not available on this server.",
};
/** A read is a few calls: a few a quarter hour is plenty, as for YouTube. */
export const REFRESH_LIMIT = { windowMs: 15 * MINUTE_MS, max: 3 };

function clientOf(ctx: Pick<RequestCtx, "config">) {
  const client = ctx.config.searchConsole.client;
  if (!client) return undefined;
  return searchConsoleClient({
    clientId: client.id,
    clientSecret: client.secret,
    tokenUrl: ctx.config.searchConsole.tokenUrl,
    revokeUrl: ctx.config.searchConsole.revokeUrl,
    baseUrl: ctx.config.searchConsole.baseUrl,
  });
}

/** The connector as the Data sources screen shows it. */
export async function searchConsoleConnector(
  ctx: Pick<RequestCtx, "db" | "config" | "clock" | "brandId">,
  workspaceId: string,
): Promise<Connector> {
  const brand = await findCurrentBrand(ctx.db, { workspaceId, brandId: ctx.brandId });
  const realBrand = brand && !brand.sample ? brand : undefined;
  const connection =
    brand && (await findConnection(ctx.db, { workspaceId, brandId: brand.id, provider: "search_console" }));
  const base = {
    brandWebsite: realBrand?.website ?? null,
    queries: realBrand ? await countConnectorSearches(ctx.db, { brandId: realBrand.id }) : 0,
  };
  if (!ctx.config.searchConsole.client) {
    return {
      ...base,
      status: "not_available",
      statusReason:
        "Google Search Console is not set up on this server: its operator must add a Google OAuth client (GOOGLE_OAUTH_CLIENT_ID).",
      property: null,
      properties: [],
      lastSuccessAt: null,
      lastRunAt: null,
      nextRunAt: null,
    };
  }
  if (!connection?.sealedCredential) {
    return {
      ...base,
      status: "not_connected",
      statusReason: null,
      property: null,
      properties: [],
      lastSuccessAt: null,
      lastRunAt: null,
      nextRunAt: null,
    };
  }
  const waiting = ["token_expired", "choose_property", "key_rejected"].includes(connection.status);
  return {
    ...base,
    status:
      connection.status === "key_rejected" ||
      connection.status === "rate_limited" ||
      connection.status === "project_not_approved" ||
      connection.status === "version_sunset"
        ? "error"
        : connection.status,
    statusReason: connection.statusReason,
    property: connection.property,
    properties: connection.properties ?? [],
    lastSuccessAt: connection.lastSuccessAt?.toISOString() ?? null,
    lastRunAt: connection.lastRunAt?.toISOString() ?? null,
    nextRunAt: waiting ? null : nextRefreshAfter(workspaceId, ctx.clock.now()).toISOString(),
  };
}

export const getSearchConsoleConnector = (ctx: RequestCtx) => searchConsoleConnector(ctx, workspaceOf(ctx));

/**
 * Starts the consent (consent.ts): Google's authorization URL with the read-only scope, offline access and the
 * consent prompted so that Google hands over a refresh token again.
 */
export const authorizeSearchConsole = (
  ctx: RequestCtx,
  reply: Pick<FastifyReply, "header">,
): Promise<Schemas["SearchConsoleAuthorization"]> =>
  startConsent(ctx, reply, CONSENT, {
    caller: signedIn(ctx),
    clientId: ctx.config.searchConsole.client?.id,
    authorizeUrl: ctx.config.searchConsole.authorizeUrl,
    params: googleConsentParams(SEARCH_CONSOLE_SCOPE),
  });

/** What connecting made of a granted consent (consent.ts answers the refusals before it). */
type CallbackOutcome =
  | { status: "connected" | "choose_property" }
  | {
      error: "exchange_failed" | "no_offline_access" | "sites_failed";
    };

/**
 * Google's redirect: the state must be one this browser started (its cookie), unexpired and unused, and its user
 * still in the workspace; then the code is exchanged (with the PKCE verifier), the refresh token sealed, the
 * account's properties listed and the brand website's chosen, and the property read by a job. Answers the URL to
 * send the browser to.
 */
export const receiveSearchConsoleCallback = (ctx: RequestCtx, callback: ConsentCallback): Promise<string> =>
  receiveConsent(ctx, CONSENT, callback, clientOf(ctx), connect);

async function connect(
  ctx: RequestCtx,
  google: NonNullable<ReturnType<typeof clientOf>>,
  consent: GrantedConsent,
): Promise<CallbackOutcome> {
  const { workspaceId, brandId } = consent;
  const tokens = await exchangeForGrant(ctx, CONSENT, google, consent);
  if ("error" in tokens) return tokens;
  let properties: Awaited<ReturnType<typeof google.sites>>;
  try {
    properties = await google.sites(tokens.accessToken);
  } catch (error) {
    if (!(error instanceof GoogleError)) throw error;
    ctx.log.warn({ workspaceId, failure: error.failure }, "Search Console sites.list failed");
    await releaseGoogleGrant(ctx.db, google, { ...tokens, workspaceId });
    return { error: "sites_failed" };
  }
  // The brand that started the consent (consent.ts), whose connection this is.
  const brand = await findCurrentBrand(ctx.db, { workspaceId, brandId });
  const website = brand && !brand.sample ? brand.website : null;
  // A reconnection keeps the property the user chose before, while the account can still read it.
  const before = await findConnection(ctx.db, { workspaceId, brandId, provider: "search_console" });
  const kept = properties.find((p) => p.siteUrl === before?.property)?.siteUrl;
  const property = kept ?? (website ? matchingProperty(website, properties) : null);
  const sealedCredential = seal(ctx.keys.seal, tokens.refreshToken);
  await ctx.db.transaction(async (tx) => {
    await saveSearchConsoleConnection(tx, {
      workspaceId,
      brandId,
      sealedCredential,
      accountSubject: tokens.subject,
      properties,
      property,
      status: property ? "reading" : "choose_property",
      reason: property
        ? null
        : properties.length === 0
          ? "This Google account has no verified Search Console property: connect the account that verified your website."
          : `None of this Google account's Search Console properties is ${website ?? "your brand's website"}: choose the one to read.`,
    });
    if (property) await ctx.jobs.enqueue("sync-search-console", { workspaceId, brandId }, { tx });
  });
  ctx.log.info(
    { workspaceId, brandId, properties: properties.length, matched: property !== null },
    "Search Console connected",
  );
  return { status: property ? "connected" : "choose_property" };
}

const NOT_CONNECTED = "Connect Google Search Console first.";

/** Chooses which of the listed properties is read, and reads it. */
export async function selectSearchConsoleProperty(
  ctx: RequestCtx,
  body: Schemas["SelectSearchConsolePropertyRequest"],
): Promise<Connector> {
  const owner = await connectionOwner(ctx);
  const connection = await findGrant(ctx.db, { ...owner, provider: "search_console" }, NOT_CONNECTED);
  if (!(connection.properties ?? []).some((p) => p.siteUrl === body.property)) {
    const message = "Choose one of the properties your Google account can read";
    throw new AppError("VALIDATION_FAILED", 400, message, [{ path: "/property", message }]);
  }
  await ctx.db.transaction(async (tx) => {
    await setProperty(tx, { id: connection.id, property: body.property, status: "reading", reason: null });
    await ctx.jobs.enqueue("sync-search-console", owner, { tx });
  });
  return searchConsoleConnector(ctx, owner.workspaceId);
}

/** Reads the property again now, within a rate limit; 409 when nothing can be read until the user acts. */
export async function refreshSearchConsole(ctx: RequestCtx): Promise<Connector> {
  const owner = await connectionOwner(ctx);
  const connection = await findGrant(ctx.db, { ...owner, provider: "search_console" }, NOT_CONNECTED);
  if (connection.status === "token_expired") {
    throw new AppError(
      "NOT_CONNECTED",
      409,
      "Google no longer accepts the connection: connect Search Console again.",
    );
  }
  if (!connection.property) {
    throw new AppError("NOT_CONNECTED", 409, "Choose the Search Console property to read first.");
  }
  await limitRequests(
    ctx,
    { key: `search-console:${owner.brandId}`, ...REFRESH_LIMIT },
    (wait) => `Search Console was read a moment ago. You can read it again in ${wait}.`,
  );
  await ctx.db.transaction(async (tx) => {
    await setProperty(tx, {
      id: connection.id,
      property: connection.property ?? "",
      status: "reading",
      reason: null,
    });
    await ctx.jobs.enqueue("sync-search-console", owner, { tx });
  });
  return searchConsoleConnector(ctx, owner.workspaceId);
}

/**
 * Forgets the grant, and revokes it at Google (best effort) unless another connection holds the same Google account
 * (grant.ts releaseGoogleGrant); the queries already read stay with the brand.
 */
export const disconnectSearchConsole = (ctx: RequestCtx): Promise<undefined> =>
  forgetGrant(ctx, "search_console", googleRevoker(ctx.db, clientOf(ctx)));
