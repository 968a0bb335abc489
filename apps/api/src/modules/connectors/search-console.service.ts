import type { components } from "@brandscope/api-client/schema";
import type { FastifyReply } from "fastify";
import { signedIn, workspaceOf } from "../../kernel/caller";
import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { seal } from "../../lib/crypto";
import { findCurrentBrand } from "../brand";
import { findConnection } from "./connections.repo";
import { chooseWhatIsRead, disconnect, readNow, runTimes } from "./connector-lifecycle";
import { type ConsentCallback, type GrantedConsent, receiveConsent, startConsent } from "./consent";
import { exchangeForGrant, googleConsentParams } from "./google-oauth";
import { googleRevoker, releaseGoogleGrant } from "./grant";
import { SEARCH_CONSOLE, searchConsoleClientOf } from "./search-console.provider";
import { countConnectorSearches, saveSearchConsoleConnection } from "./search-console.repo";
import { GoogleError } from "./search-console-api";
import { matchingProperty } from "./search-console-sites";

type Schemas = components["schemas"];
type Connector = Schemas["SearchConsoleConnector"];

const clientOf = (ctx: Pick<RequestCtx, "config">) => searchConsoleClientOf(ctx.config);

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
    ...runTimes(connection, { workspaceId, now: ctx.clock.now(), waiting }),
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
  startConsent(ctx, reply, SEARCH_CONSOLE, {
    caller: signedIn(ctx),
    clientId: ctx.config.searchConsole.client?.id,
    authorizeUrl: ctx.config.searchConsole.authorizeUrl,
    params: googleConsentParams(SEARCH_CONSOLE.auth.scopes.join(" ")),
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
  receiveConsent(ctx, SEARCH_CONSOLE, callback, clientOf(ctx), connect);

async function connect(
  ctx: RequestCtx,
  google: NonNullable<ReturnType<typeof clientOf>>,
  consent: GrantedConsent,
): Promise<CallbackOutcome> {
  const { workspaceId, brandId } = consent;
  const tokens = await exchangeForGrant(ctx, SEARCH_CONSOLE, google, consent);
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

/** Chooses which of the listed properties is read, and reads it. */
export async function selectSearchConsoleProperty(
  ctx: RequestCtx,
  body: Schemas["SelectSearchConsolePropertyRequest"],
): Promise<Connector> {
  const owner = await chooseWhatIsRead(ctx, SEARCH_CONSOLE, {
    chosen: body.property,
    listed: (connection) => (connection.properties ?? []).map((p) => p.siteUrl),
    path: "/property",
    message: "Choose one of the properties your Google account can read",
  });
  return searchConsoleConnector(ctx, owner.workspaceId);
}

/** Reads the property again now, within a rate limit; 409 when nothing can be read until the user acts. */
export async function refreshSearchConsole(ctx: RequestCtx): Promise<Connector> {
  const owner = await readNow(ctx, SEARCH_CONSOLE, (connection) => {
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
  });
  return searchConsoleConnector(ctx, owner.workspaceId);
}

/**
 * Forgets the grant, and revokes it at Google (best effort) unless another connection holds the same Google account
 * (grant.ts releaseGoogleGrant); the queries already read stay with the brand.
 */
export const disconnectSearchConsole = (ctx: RequestCtx): Promise<undefined> =>
  disconnect(ctx, SEARCH_CONSOLE, googleRevoker(ctx.db, clientOf(ctx)));
