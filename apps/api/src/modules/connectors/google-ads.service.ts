import type { components } from "@brandscope/api-client/schema";
import type { FastifyReply } from "fastify";
import type { GoogleAdsCustomer } from "../../db/schema";
import { signedIn, workspaceOf } from "../../kernel/caller";
import { AppError, RateLimitError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { seal } from "../../lib/crypto";
import { findCurrentBrand } from "../brand";
import { findConnection } from "./connections.repo";
import {
  chooseWhatIsRead,
  disconnect,
  readNow,
  runTimes,
  sunsetNotice,
  untilAhead,
} from "./connector-lifecycle";
import { type ConsentCallback, type GrantedConsent, receiveConsent, startConsent } from "./consent";
import { GOOGLE_ADS, googleAdsClientOf } from "./google-ads.provider";
import { countPlannedKeywords, saveGoogleAdsConnection } from "./google-ads.repo";
import { chooseReason, failureOutcome, timeOf } from "./google-ads-sync.job";
import { classifyGoogle } from "./google-failures";
import { exchangeForGrant, GoogleError, googleConsentParams } from "./google-oauth";
import { googleRevoker, releaseGoogleGrant } from "./grant";
import { nextRefreshAfter } from "./refresh-schedule";

type Schemas = components["schemas"];
type Connector = Schemas["GoogleAdsConnector"];

const clientOf = (ctx: Pick<RequestCtx, "config">) => googleAdsClientOf(ctx.config);

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
    sunsetNotice: sunsetNotice(GOOGLE_ADS, ctx.clock.now()),
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
    quotaExhaustedUntil: untilAhead(connection.rateLimitedUntil, now),
    ...runTimes(connection, { workspaceId, now, waiting }),
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
  startConsent(ctx, reply, GOOGLE_ADS, {
    caller: signedIn(ctx),
    clientId: ctx.config.googleAds.client?.id,
    authorizeUrl: ctx.config.searchConsole.authorizeUrl,
    params: googleConsentParams(GOOGLE_ADS.auth.scopes.join(" ")),
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
  receiveConsent(ctx, GOOGLE_ADS, callback, clientOf(ctx), connect);

async function connect(
  ctx: RequestCtx,
  google: NonNullable<ReturnType<typeof clientOf>>,
  consent: GrantedConsent,
): Promise<CallbackOutcome> {
  const { workspaceId, brandId } = consent;
  const tokens = await exchangeForGrant(ctx, GOOGLE_ADS, google, consent);
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
      const [status, reason] = failureOutcome(classifyGoogle(error) ?? { cause: "refused" }, {
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

/** Chooses which of the listed customers is read, and reads it. */
export async function selectGoogleAdsCustomer(
  ctx: RequestCtx,
  body: Schemas["SelectGoogleAdsCustomerRequest"],
): Promise<Connector> {
  const owner = await chooseWhatIsRead(ctx, GOOGLE_ADS, {
    chosen: body.customerId,
    listed: (connection) => (connection.customers ?? []).map((c) => c.id),
    path: "/customerId",
    message: "Choose one of the Google Ads accounts your Google account can use",
  });
  return googleAdsConnector(ctx, owner.workspaceId);
}

/**
 * Reads keyword planning again now, within a rate limit; 409 when nothing can be read until the user acts, 429
 * while Google Ads' quota is spent.
 */
export async function refreshGoogleAds(ctx: RequestCtx): Promise<Connector> {
  const owner = await readNow(ctx, GOOGLE_ADS, (connection, now) => {
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
    if (connection.rateLimitedUntil && connection.rateLimitedUntil > now) {
      throw new RateLimitError(
        `Google Ads' quota is used up until ${timeOf(connection.rateLimitedUntil)}.`,
        Math.ceil((connection.rateLimitedUntil.getTime() - now.getTime()) / 1000),
      );
    }
  });
  return googleAdsConnector(ctx, owner.workspaceId);
}

/**
 * Forgets the grant, and revokes it at Google (best effort) unless another connection holds the same Google account
 * (grant.ts releaseGoogleGrant); the figures already read stay with the brand.
 */
export const disconnectGoogleAds = (ctx: RequestCtx): Promise<undefined> =>
  disconnect(ctx, GOOGLE_ADS, googleRevoker(ctx.db, clientOf(ctx)));
