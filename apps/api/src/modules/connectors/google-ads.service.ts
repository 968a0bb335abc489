import type { components } from "@brandscope/api-client/schema";
import type { FastifyReply } from "fastify";
import type { GoogleAdsCustomer } from "../../db/schema";
import { signedIn, workspaceOf } from "../../kernel/caller";
import { AppError, RateLimitError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { MINUTE_MS } from "../../lib/clock";
import { seal } from "../../lib/crypto";
import { limitRequests } from "../auth/limits";
import { findCurrentBrand } from "../brand/brand.repo";
import { connectionOwner } from "./connection-owner";
import { findConnection, setConnectionStatus } from "./connections.repo";
import {
  type ConsentCallback,
  type ConsentFlow,
  type GrantedConsent,
  receiveConsent,
  startConsent,
} from "./consent";
import { countPlannedKeywords, saveGoogleAdsConnection } from "./google-ads.repo";
import { googleAdsClient } from "./google-ads-api";
import { chooseReason, failureOutcome, timeOf } from "./google-ads-sync.job";
import { exchangeForGrant, GoogleError, googleConsentParams } from "./google-oauth";
import { findGrant, forgetGrant, googleRevoker, releaseGoogleGrant } from "./grant";
import { nextRefreshAfter } from "./refresh-schedule";
import { setProperty } from "./search-console.repo";

type Schemas = components["schemas"];
type Connector = Schemas["GoogleAdsConnector"];

/** Google Ads API access, the only scope asked (Google has no narrower, read-only one). */
export const GOOGLE_ADS_SCOPE = "https://www.googleapis.com/auth/adwords";
export const CONSENT: ConsentFlow = {
  provider: "google_ads",
  slug: "google-ads",
  name: "Google Ads",
  unavailable: "Google Ads keyword planning is not available on this server.",
};
/** A read is three calls and a few hundred keywords: a few a quarter hour is plenty. */
export const REFRESH_LIMIT = { windowMs: 15 * MINUTE_MS, max: 3 };
const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

function clientOf(ctx: Pick<RequestCtx, "config">) {
  const client = ctx.config.googleAds.client;
  if (!client) return undefined;
  return googleAdsClient({
    clientId: client.id,
    clientSecret: client.secret,
    developerToken: client.developerToken,
    tokenUrl: ctx.config.searchConsole.tokenUrl,
    revokeUrl: ctx.config.searchConsole.revokeUrl,
    baseUrl: ctx.config.googleAds.baseUrl,
  });
}

/** The connector as the Data sources screen shows it. */
export async function googleAdsConnector(
  ctx: Pick<RequestCtx, "db" | "config" | "clock" | "brandId">,
  workspaceId: string,
): Promise<Connector> {
  const brand = await findCurrentBrand(ctx.db, { workspaceId, brandId: ctx.brandId });
  const realBrand = brand && !brand.sample ? brand : undefined;
  const connection =
    brand && (await findConnection(ctx.db, { workspaceId, brandId: brand.id, provider: "google_ads" }));
  const none = {
    customer: null,
    customers: [],
    keywords: realBrand ? await countPlannedKeywords(ctx.db, { brandId: realBrand.id }) : 0,
    quotaExhaustedUntil: null,
    lastSuccessAt: null,
    lastRunAt: null,
    nextRunAt: null,
  };
  if (!ctx.config.googleAds.client) {
    return {
      ...none,
      status: "not_available",
      statusReason:
        "Google Ads keyword planning is not set up on this server: its operator must add a Google OAuth client (GOOGLE_OAUTH_CLIENT_ID) whose Google Cloud project has the Google Ads API enabled.",
    };
  }
  if (!connection?.sealedCredential) return { ...none, status: "not_connected", statusReason: null };
  const now = ctx.clock.now();
  const status: Connector["status"] =
    connection.status === "choose_property"
      ? "choose_customer"
      : connection.status === "key_rejected" || connection.status === "rate_limited"
        ? "error"
        : connection.status;
  const customers = connection.customers ?? [];
  const waiting = status === "token_expired" || status === "choose_customer";
  return {
    ...none,
    status,
    statusReason: connection.statusReason,
    customer: customers.find((c) => c.id === connection.property) ?? null,
    customers,
    quotaExhaustedUntil:
      connection.rateLimitedUntil && connection.rateLimitedUntil > now
        ? iso(connection.rateLimitedUntil)
        : null,
    lastSuccessAt: iso(connection.lastSuccessAt),
    lastRunAt: iso(connection.lastRunAt),
    nextRunAt: waiting ? null : nextRefreshAfter(workspaceId, now).toISOString(),
  };
}

export const getGoogleAdsConnector = (ctx: RequestCtx) => googleAdsConnector(ctx, workspaceOf(ctx));

/**
 * Starts the consent (consent.ts): Google's authorization URL with the Google Ads scope, offline access and the
 * consent prompted, as for Search Console.
 */
export const authorizeGoogleAds = (
  ctx: RequestCtx,
  reply: Pick<FastifyReply, "header">,
): Promise<Schemas["GoogleAdsAuthorization"]> =>
  startConsent(ctx, reply, CONSENT, {
    caller: signedIn(ctx),
    clientId: ctx.config.googleAds.client?.id,
    authorizeUrl: ctx.config.searchConsole.authorizeUrl,
    params: googleConsentParams(GOOGLE_ADS_SCOPE),
  });

/** What connecting made of a granted consent (consent.ts answers the refusals before it). */
type CallbackOutcome =
  | { status: "connected" | "choose_customer" }
  | {
      error:
        | "exchange_failed"
        | "no_offline_access"
        | "customers_failed"
        | "project_not_approved"
        | "version_sunset";
    };

/**
 * Google's redirect: the state must be one this browser started, unexpired and unused, its user still in the
 * workspace; then the code is exchanged, the refresh token sealed, the accessible customers listed (with their
 * names and currencies), the only one chosen, and it is read by a job. Answers the URL to send the browser to.
 */
export const receiveGoogleAdsCallback = (ctx: RequestCtx, callback: ConsentCallback): Promise<string> =>
  receiveConsent(ctx, CONSENT, callback, clientOf(ctx), connect);

async function connect(
  ctx: RequestCtx,
  google: NonNullable<ReturnType<typeof clientOf>>,
  consent: GrantedConsent,
): Promise<CallbackOutcome> {
  const { workspaceId, brandId } = consent;
  const tokens = await exchangeForGrant(ctx, CONSENT, google, consent);
  if ("error" in tokens) return tokens;
  const sealedCredential = seal(ctx.keys.seal, tokens.refreshToken);
  let customers: GoogleAdsCustomer[];
  try {
    customers = await google.describedCustomers(tokens.accessToken);
  } catch (error) {
    if (!(error instanceof GoogleError)) throw error;
    ctx.log.warn(
      { workspaceId, failure: error.failure, code: error.code },
      "Google Ads listAccessibleCustomers failed",
    );
    // The user's grant is sound when the failure is not theirs (this server's version or Cloud project, Google's
    // quota or an outage): it is kept, with the accounts a former connection listed and chose, and the next read
    // lists them once Google answers if there were none.
    if (!USERS_FAILURES.has(error.failure)) {
      const before = await findConnection(ctx.db, { workspaceId, brandId, provider: "google_ads" });
      const [status, reason] = failureOutcome(error, {
        customerId: before?.property ?? null,
        next: nextReadTime(workspaceId, ctx),
      });
      await saveGoogleAdsConnection(ctx.db, {
        workspaceId,
        brandId,
        sealedCredential,
        accountSubject: tokens.subject,
        customers: before?.customers ?? [],
        customerId: before?.property ?? null,
        status,
        reason,
      });
      return {
        error: status === "project_not_approved" || status === "version_sunset" ? status : "customers_failed",
      };
    }
    await releaseGoogleGrant(ctx.db, google, { ...tokens, workspaceId });
    return { error: "customers_failed" };
  }
  // A reconnection keeps the customer chosen before, while the user can still reach it; the only one is chosen.
  const before = await findConnection(ctx.db, { workspaceId, brandId, provider: "google_ads" });
  const customerId =
    customers.find((c) => c.id === before?.property)?.id ??
    (customers.length === 1 ? customers[0]?.id : null) ??
    null;
  await ctx.db.transaction(async (tx) => {
    await saveGoogleAdsConnection(tx, {
      workspaceId,
      brandId,
      sealedCredential,
      accountSubject: tokens.subject,
      customers,
      customerId,
      status: customerId ? "reading" : "choose_property",
      reason: customerId ? null : chooseReason(customers),
    });
    if (customerId) await ctx.jobs.enqueue("sync-google-ads", { workspaceId, brandId }, { tx });
  });
  ctx.log.info(
    { workspaceId, brandId, customers: customers.length, chosen: customerId !== null },
    "Google Ads connected",
  );
  return { status: customerId ? "connected" : "choose_customer" };
}

/** Failures that are the user's (their grant refused, no access, a request refused): connecting again is theirs. */
const USERS_FAILURES = new Set<GoogleError["failure"]>(["token", "no_access", "refused"]);

const nextReadTime = (workspaceId: string, ctx: Pick<RequestCtx, "clock">) =>
  timeOf(nextRefreshAfter(workspaceId, ctx.clock.now()));

const NOT_CONNECTED = "Connect Google Ads first.";

/** Chooses which of the listed customers is read, and reads it. */
export async function selectGoogleAdsCustomer(
  ctx: RequestCtx,
  body: Schemas["SelectGoogleAdsCustomerRequest"],
): Promise<Connector> {
  const owner = await connectionOwner(ctx);
  const connection = await findGrant(ctx.db, { ...owner, provider: "google_ads" }, NOT_CONNECTED);
  if (!(connection.customers ?? []).some((c) => c.id === body.customerId)) {
    const message = "Choose one of the Google Ads accounts your Google account can use";
    throw new AppError("VALIDATION_FAILED", 400, message, [{ path: "/customerId", message }]);
  }
  await ctx.db.transaction(async (tx) => {
    await setProperty(tx, { id: connection.id, property: body.customerId, status: "reading", reason: null });
    await ctx.jobs.enqueue("sync-google-ads", owner, { tx });
  });
  return googleAdsConnector(ctx, owner.workspaceId);
}

/**
 * Reads keyword planning again now, within a rate limit; 409 when nothing can be read until the user acts, 429
 * while Google Ads' quota is spent.
 */
export async function refreshGoogleAds(ctx: RequestCtx): Promise<Connector> {
  const owner = await connectionOwner(ctx);
  const connection = await findGrant(ctx.db, { ...owner, provider: "google_ads" }, NOT_CONNECTED);
  if (connection.status === "token_expired") {
    throw new AppError(
      "NOT_CONNECTED",
      409,
      "Google no longer accepts the connection: connect Google Ads again.",
    );
  }
  // A connection whose accounts Google has not listed yet (it failed at connect, not for the user) is read, which
  // lists them; one with accounts listed waits for the user's choice.
  if (!connection.property && (connection.customers ?? []).length > 0) {
    throw new AppError("NOT_CONNECTED", 409, "Choose the Google Ads account to read first.");
  }
  const now = ctx.clock.now();
  if (connection.rateLimitedUntil && connection.rateLimitedUntil > now) {
    throw new RateLimitError(
      `Google Ads' quota is used up until ${connection.rateLimitedUntil.toISOString().slice(0, 16).replace("T", " ")} UTC.`,
      Math.ceil((connection.rateLimitedUntil.getTime() - now.getTime()) / 1000),
    );
  }
  await limitRequests(
    ctx,
    { key: `google-ads:${owner.brandId}`, ...REFRESH_LIMIT },
    (wait) => `Google Ads was read a moment ago. You can read it again in ${wait}.`,
  );
  await ctx.db.transaction(async (tx) => {
    await setConnectionStatus(tx, { id: connection.id, status: "reading", reason: null });
    await ctx.jobs.enqueue("sync-google-ads", owner, { tx });
  });
  return googleAdsConnector(ctx, owner.workspaceId);
}

/**
 * Forgets the grant, and revokes it at Google (best effort) unless another connection holds the same Google account
 * (grant.ts releaseGoogleGrant); the figures already read stay with the brand.
 */
export const disconnectGoogleAds = (ctx: RequestCtx): Promise<undefined> =>
  forgetGrant(ctx, "google_ads", googleRevoker(ctx.db, clientOf(ctx)));
