import type { components } from "@brandscope/api-client/schema";
import type { FastifyReply } from "fastify";
import * as oidc from "openid-client";
import { workspaceOf } from "../../kernel/caller";
import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { addMs, MINUTE_MS } from "../../lib/clock";
import { randomToken, seal, sha256, unseal } from "../../lib/crypto";
import { limitRequests } from "../auth/limits";
import { findCurrentBrand } from "../brand/brand.repo";
import { type ConnectionRow, deleteConnection, findConnection } from "./connections.repo";
import { nextRefreshAfter } from "./refresh-schedule";
import {
  countProviderKeywords,
  insertAuthorization,
  isMember,
  saveSearchConsoleConnection,
  setProperty,
  takeAuthorization,
} from "./search-console.repo";
import { GoogleError, searchConsoleClient } from "./search-console-api";
import { matchingProperty } from "./search-console-sites";

type Schemas = components["schemas"];
type Connector = Schemas["SearchConsoleConnector"];

/** Read-only access to Search Console, the only scope asked. */
export const SEARCH_CONSOLE_SCOPE = "https://www.googleapis.com/auth/webmasters.readonly";
/** How long the user may spend on Google's consent page. */
export const CONSENT_MS = 10 * MINUTE_MS;
/** The cookie that binds a consent to the browser that started it (sent back to the callback only). */
export const CONSENT_COOKIE = "brandscope_search_console";
const CALLBACK_PATH = "/api/connectors/search-console/callback";
/** A read is a few calls: a few a quarter hour is plenty, as for YouTube. */
export const REFRESH_LIMIT = { windowMs: 15 * MINUTE_MS, max: 3 };
const CONSENT_LIMIT = { windowMs: 15 * MINUTE_MS, max: 10 };

const callbackUrl = (ctx: Pick<RequestCtx, "config">) => `${ctx.config.appUrl}${CALLBACK_PATH}`;

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
  ctx: Pick<RequestCtx, "db" | "config" | "clock">,
  workspaceId: string,
): Promise<Connector> {
  const brand = await findCurrentBrand(ctx.db, { workspaceId });
  const realBrand = brand && !brand.sample ? brand : undefined;
  const connection = await findConnection(ctx.db, { workspaceId, provider: "search_console" });
  const base = {
    brandWebsite: realBrand?.website ?? null,
    queries: realBrand ? await countProviderKeywords(ctx.db, { brandId: realBrand.id }) : 0,
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
      connection.status === "developer_token_not_approved"
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
 * Starts the consent: Google's authorization URL (code flow, offline access, consent prompted so that Google
 * hands over a refresh token again, PKCE S256) with a state kept server-side, bound to the workspace, the user
 * and this browser (a cookie only sent back to the callback), for CONSENT_MS and one use.
 */
export async function authorizeSearchConsole(
  ctx: RequestCtx,
  reply: Pick<FastifyReply, "header">,
): Promise<Schemas["SearchConsoleAuthorization"]> {
  const workspaceId = workspaceOf(ctx);
  const client = ctx.config.searchConsole.client;
  if (!client || !ctx.userId) {
    throw new AppError(
      "CONNECTOR_UNAVAILABLE",
      404,
      "Google Search Console is not available on this server.",
    );
  }
  await limitRequests(
    ctx,
    { key: `search-console-consent:${ctx.userId}`, ...CONSENT_LIMIT },
    (wait) => `Too many attempts to connect Search Console. Try again in ${wait}.`,
  );
  const state = oidc.randomState();
  const browser = randomToken();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const now = ctx.clock.now();
  await insertAuthorization(ctx.db, {
    provider: "search_console",
    stateHash: sha256(state),
    browserHash: sha256(browser),
    workspaceId,
    userId: ctx.userId,
    codeVerifier,
    now,
    expiresAt: addMs(now, CONSENT_MS),
  });
  const url = new URL(ctx.config.searchConsole.authorizeUrl);
  const params = {
    client_id: client.id,
    redirect_uri: callbackUrl(ctx),
    response_type: "code",
    scope: SEARCH_CONSOLE_SCOPE,
    access_type: "offline",
    prompt: "consent",
    include_granted_scopes: "true",
    state,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  const secure = ctx.config.appUrl.startsWith("https:") ? "; Secure" : "";
  // SameSite=Lax: Google's redirect is a top-level GET navigation, which carries it.
  reply.header(
    "set-cookie",
    `${CONSENT_COOKIE}=${browser}; Path=${CALLBACK_PATH}; Max-Age=${CONSENT_MS / 1000}; HttpOnly; SameSite=Lax${secure}`,
  );
  return { url: url.href };
}

export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return undefined;
}

export type CallbackOutcome =
  | { status: "connected" | "choose_property" }
  | {
      error:
        | "access_denied"
        | "state_invalid"
        | "exchange_failed"
        | "no_offline_access"
        | "sites_failed"
        | "not_available";
    };

/** Where the browser goes after the callback: the Data sources page, with the outcome and never a token. */
export function dataSourcesUrl(ctx: Pick<RequestCtx, "config">, outcome: CallbackOutcome): string {
  const url = new URL("/data-sources", ctx.config.appUrl);
  url.searchParams.set("connector", "search-console");
  if ("error" in outcome) url.searchParams.set("error", outcome.error);
  else url.searchParams.set("status", outcome.status);
  return url.href;
}

/**
 * Google's redirect: the state must be one this browser started (its cookie), unexpired and unused, and its user
 * still in the workspace; then the code is exchanged (with the PKCE verifier), the refresh token sealed, the
 * account's properties listed and the brand website's chosen, and the property read by a job. Answers the URL to
 * send the browser to.
 */
export async function receiveSearchConsoleCallback(
  ctx: RequestCtx,
  query: { code?: string; state?: string; error?: string },
  cookieHeader: string | undefined,
): Promise<string> {
  const outcome = await callbackOutcome(ctx, query, cookieHeader);
  return dataSourcesUrl(ctx, outcome);
}

async function callbackOutcome(
  ctx: RequestCtx,
  query: { code?: string; state?: string; error?: string },
  cookieHeader: string | undefined,
): Promise<CallbackOutcome> {
  const google = clientOf(ctx);
  if (!google) return { error: "not_available" };
  const browser = cookieValue(cookieHeader, CONSENT_COOKIE);
  if (!query.state || !browser) return { error: "state_invalid" };
  const consent = await takeAuthorization(ctx.db, {
    provider: "search_console",
    stateHash: sha256(query.state),
    browserHash: sha256(browser),
    now: ctx.clock.now(),
  });
  if (!consent || !(await isMember(ctx.db, consent))) {
    ctx.log.warn({ event: "connector.consent.refused" }, "Search Console consent with an unknown state");
    return { error: "state_invalid" };
  }
  const { workspaceId } = consent;
  if (query.error || !query.code) {
    // The user declined at Google (error=access_denied), or Google sent no code.
    return { error: "access_denied" };
  }
  let tokens: Awaited<ReturnType<typeof google.exchangeCode>>;
  try {
    tokens = await google.exchangeCode({
      code: query.code,
      codeVerifier: consent.codeVerifier,
      redirectUri: callbackUrl(ctx),
    });
  } catch (error) {
    if (!(error instanceof GoogleError)) throw error;
    ctx.log.warn({ workspaceId, failure: error.failure }, "Search Console code exchange failed");
    return { error: "exchange_failed" };
  }
  if (!tokens.refreshToken) return { error: "no_offline_access" };
  let properties: Awaited<ReturnType<typeof google.sites>>;
  try {
    properties = await google.sites(tokens.accessToken);
  } catch (error) {
    if (!(error instanceof GoogleError)) throw error;
    ctx.log.warn({ workspaceId, failure: error.failure }, "Search Console sites.list failed");
    await google.revoke(tokens.refreshToken);
    return { error: "sites_failed" };
  }
  const brand = await findCurrentBrand(ctx.db, { workspaceId });
  const website = brand && !brand.sample ? brand.website : null;
  // A reconnection keeps the property the user chose before, while the account can still read it.
  const before = await findConnection(ctx.db, { workspaceId, provider: "search_console" });
  const kept = properties.find((p) => p.siteUrl === before?.property)?.siteUrl;
  const property = kept ?? (website ? matchingProperty(website, properties) : null);
  const sealedCredential = seal(ctx.keys.seal, tokens.refreshToken);
  await ctx.db.transaction(async (tx) => {
    await saveSearchConsoleConnection(tx, {
      workspaceId,
      sealedCredential,
      properties,
      property,
      status: property ? "reading" : "choose_property",
      reason: property
        ? null
        : properties.length === 0
          ? "This Google account has no verified Search Console property: connect the account that verified your website."
          : `None of this Google account's Search Console properties is ${website ?? "your brand's website"}: choose the one to read.`,
    });
    if (property) await ctx.jobs.enqueue("sync-search-console", { workspaceId }, { tx });
  });
  ctx.log.info(
    { workspaceId, properties: properties.length, matched: property !== null },
    "Search Console connected",
  );
  return { status: property ? "connected" : "choose_property" };
}

function connectedOrThrow(
  connection: ConnectionRow | undefined,
): ConnectionRow & { sealedCredential: string } {
  if (!connection?.sealedCredential) {
    throw new AppError("NOT_CONNECTED", 409, "Connect Google Search Console first.");
  }
  return connection as ConnectionRow & { sealedCredential: string };
}

/** Chooses which of the listed properties is read, and reads it. */
export async function selectSearchConsoleProperty(
  ctx: RequestCtx,
  body: Schemas["SelectSearchConsolePropertyRequest"],
): Promise<Connector> {
  const workspaceId = workspaceOf(ctx);
  const connection = connectedOrThrow(
    await findConnection(ctx.db, { workspaceId, provider: "search_console" }),
  );
  if (!(connection.properties ?? []).some((p) => p.siteUrl === body.property)) {
    const message = "Choose one of the properties your Google account can read";
    throw new AppError("VALIDATION_FAILED", 400, message, [{ path: "/property", message }]);
  }
  await ctx.db.transaction(async (tx) => {
    await setProperty(tx, { id: connection.id, property: body.property, status: "reading", reason: null });
    await ctx.jobs.enqueue("sync-search-console", { workspaceId }, { tx });
  });
  return searchConsoleConnector(ctx, workspaceId);
}

/** Reads the property again now, within a rate limit; 409 when nothing can be read until the user acts. */
export async function refreshSearchConsole(ctx: RequestCtx): Promise<Connector> {
  const workspaceId = workspaceOf(ctx);
  const connection = connectedOrThrow(
    await findConnection(ctx.db, { workspaceId, provider: "search_console" }),
  );
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
    { key: `search-console:${workspaceId}`, ...REFRESH_LIMIT },
    (wait) => `Search Console was read a moment ago. You can read it again in ${wait}.`,
  );
  await ctx.db.transaction(async (tx) => {
    await setProperty(tx, {
      id: connection.id,
      property: connection.property ?? "",
      status: "reading",
      reason: null,
    });
    await ctx.jobs.enqueue("sync-search-console", { workspaceId }, { tx });
  });
  return searchConsoleConnector(ctx, workspaceId);
}

/** Forgets the grant (and revokes it at Google, best effort); the queries already read stay with the brand. */
export async function disconnectSearchConsole(ctx: RequestCtx): Promise<undefined> {
  const workspaceId = workspaceOf(ctx);
  const connection = await findConnection(ctx.db, { workspaceId, provider: "search_console" });
  await deleteConnection(ctx.db, { workspaceId, provider: "search_console" });
  const google = clientOf(ctx);
  if (google && connection?.sealedCredential) {
    let token: string | undefined;
    try {
      token = unseal(ctx.keys.seal, connection.sealedCredential);
    } catch {
      // Sealed under a key since replaced: nothing to revoke with.
    }
    if (token) await google.revoke(token);
  }
  return undefined;
}
