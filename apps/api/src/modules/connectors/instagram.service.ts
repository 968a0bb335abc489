import type { components } from "@brandscope/api-client/schema";
import type { FastifyReply } from "fastify";
import * as oidc from "openid-client";
import { workspaceOf } from "../../kernel/caller";
import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { addMs, MINUTE_MS, SECOND_MS } from "../../lib/clock";
import { randomToken, seal, sha256, unseal } from "../../lib/crypto";
import { limitRequests } from "../auth/limits";
import { findCurrentBrand } from "../brand/brand.repo";
import {
  type ConnectionRow,
  deleteConnection,
  findChannelReadings,
  findConnection,
} from "./connections.repo";
import { saveInstagramConnection } from "./instagram.repo";
import { instagramClient, MetaError } from "./instagram-api";
import { tokenExpiredReason } from "./instagram-sync.job";
import { instagramUsername } from "./instagram-username";
import { nextRefreshAfter } from "./refresh-schedule";
import { insertAuthorization, isMember, setProperty, takeAuthorization } from "./search-console.repo";
import { cookieValue } from "./search-console.service";
import { connectorBrands } from "./youtube-brands";

type Schemas = components["schemas"];
type Connector = Schemas["InstagramConnector"];

/**
 * What Facebook Login asks for: business_discovery needs instagram_basic and a Page the user manages
 * (pages_show_list, pages_read_engagement); business_management lists Pages owned through a Business portfolio.
 */
export const INSTAGRAM_SCOPES = "instagram_basic,pages_show_list,pages_read_engagement,business_management";
export const CONSENT_MS = 10 * MINUTE_MS;
export const CONSENT_COOKIE = "brandscope_instagram";
const CALLBACK_PATH = "/api/connectors/instagram/callback";
export const REFRESH_LIMIT = { windowMs: 15 * MINUTE_MS, max: 3 };
const CONSENT_LIMIT = { windowMs: 15 * MINUTE_MS, max: 10 };

const callbackUrl = (ctx: Pick<RequestCtx, "config">) => `${ctx.config.appUrl}${CALLBACK_PATH}`;

function clientOf(ctx: Pick<RequestCtx, "config">) {
  const app = ctx.config.instagram.app;
  return app
    ? instagramClient({ appId: app.id, appSecret: app.secret, graphUrl: ctx.config.instagram.graphUrl })
    : undefined;
}

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

/** The connector as the Data sources screen shows it. */
export async function instagramConnector(
  ctx: Pick<RequestCtx, "db" | "config" | "clock">,
  workspaceId: string,
): Promise<Connector> {
  const connection = await findConnection(ctx.db, { workspaceId, provider: "instagram" });
  const none = {
    account: null,
    accounts: [],
    tokenExpiresAt: null,
    rateLimitedUntil: null,
    lastSuccessAt: null,
    lastRunAt: null,
    nextRunAt: null,
    profiles: [],
  };
  if (!ctx.config.instagram.app) {
    return {
      ...none,
      status: "not_available",
      statusReason:
        "Instagram is not set up on this server: its operator must add a Meta app (META_APP_ID and META_APP_SECRET).",
    };
  }
  if (!connection?.sealedCredential) return { ...none, status: "not_connected", statusReason: null };
  const now = ctx.clock.now();
  const expired =
    connection.status === "token_expired" ||
    (connection.credentialExpiresAt !== null && connection.credentialExpiresAt <= now);
  const status: Connector["status"] = expired
    ? "token_expired"
    : connection.status === "choose_property"
      ? "choose_account"
      : connection.status === "rate_limited" ||
          connection.status === "reading" ||
          connection.status === "connected"
        ? connection.status
        : "error";
  const readings = await findChannelReadings(ctx.db, { connectionId: connection.id });
  const brands = await connectorBrands(ctx.db, workspaceId);
  const accounts = connection.accounts ?? [];
  return {
    status,
    statusReason:
      expired && connection.status !== "token_expired"
        ? tokenExpiredReason(connection.credentialExpiresAt)
        : connection.statusReason,
    account: accounts.find((a) => a.id === connection.property) ?? null,
    accounts,
    tokenExpiresAt: iso(connection.credentialExpiresAt),
    rateLimitedUntil:
      connection.rateLimitedUntil && connection.rateLimitedUntil > now
        ? iso(connection.rateLimitedUntil)
        : null,
    lastSuccessAt: iso(connection.lastSuccessAt),
    lastRunAt: iso(connection.lastRunAt),
    nextRunAt:
      status === "token_expired" || status === "choose_account"
        ? null
        : nextRefreshAfter(workspaceId, now).toISOString(),
    profiles: brands.map(({ brand, isOwnBrand, instagram }) => {
      const reading = readings.find((r) => r.brandId === brand.id);
      return {
        brandId: brand.id,
        brandName: brand.name,
        isOwnBrand,
        username: instagram ? instagramUsername(instagram) : null,
        followers: reading?.subscribers ?? null,
        mediaCount: reading?.mediaCount ?? null,
        problem: instagram
          ? (reading?.problem ?? null)
          : "No Instagram link: add the brand's instagram.com address to read it.",
        readAt: iso(reading?.readAt),
      };
    }),
  };
}

export const getInstagramConnector = (ctx: RequestCtx) => instagramConnector(ctx, workspaceOf(ctx));

/**
 * Starts Facebook Login: Meta's OAuth dialog (code flow, PKCE S256) with a state kept server-side, bound to the
 * workspace, the user and this browser (a cookie only sent back to the callback), for CONSENT_MS and one use.
 */
export async function authorizeInstagram(
  ctx: RequestCtx,
  reply: Pick<FastifyReply, "header">,
): Promise<Schemas["InstagramAuthorization"]> {
  const workspaceId = workspaceOf(ctx);
  const app = ctx.config.instagram.app;
  if (!app || !ctx.userId) {
    throw new AppError("CONNECTOR_UNAVAILABLE", 404, "Instagram is not available on this server.");
  }
  await limitRequests(
    ctx,
    { key: `instagram-consent:${ctx.userId}`, ...CONSENT_LIMIT },
    (wait) => `Too many attempts to connect Instagram. Try again in ${wait}.`,
  );
  const state = oidc.randomState();
  const browser = randomToken();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const now = ctx.clock.now();
  await insertAuthorization(ctx.db, {
    provider: "instagram",
    stateHash: sha256(state),
    browserHash: sha256(browser),
    workspaceId,
    userId: ctx.userId,
    codeVerifier,
    now,
    expiresAt: addMs(now, CONSENT_MS),
  });
  const url = new URL(ctx.config.instagram.dialogUrl);
  const params = {
    client_id: app.id,
    redirect_uri: callbackUrl(ctx),
    response_type: "code",
    scope: INSTAGRAM_SCOPES,
    state,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  const secure = ctx.config.appUrl.startsWith("https:") ? "; Secure" : "";
  reply.header(
    "set-cookie",
    `${CONSENT_COOKIE}=${browser}; Path=${CALLBACK_PATH}; Max-Age=${CONSENT_MS / 1000}; HttpOnly; SameSite=Lax${secure}`,
  );
  return { url: url.href };
}

export type InstagramOutcome =
  | { status: "connected" | "choose_account" }
  | {
      error:
        | "access_denied"
        | "state_invalid"
        | "exchange_failed"
        | "no_account"
        | "accounts_failed"
        | "not_available";
    };

export function instagramDataSourcesUrl(ctx: Pick<RequestCtx, "config">, outcome: InstagramOutcome): string {
  const url = new URL("/data-sources", ctx.config.appUrl);
  url.searchParams.set("connector", "instagram");
  if ("error" in outcome) url.searchParams.set("error", outcome.error);
  else url.searchParams.set("status", outcome.status);
  return url.href;
}

export async function receiveInstagramCallback(
  ctx: RequestCtx,
  query: { code?: string; state?: string; error?: string },
  cookieHeader: string | undefined,
): Promise<string> {
  return instagramDataSourcesUrl(ctx, await callbackOutcome(ctx, query, cookieHeader));
}

/**
 * Facebook Login's redirect: the state must be one this browser started, unexpired and unused, its user still in
 * the workspace; then the code becomes a short-lived token, that a long-lived one (sealed, with its expiry), the
 * Pages' Instagram professional accounts are listed and the brand's own chosen, and the brands read by a job.
 */
async function callbackOutcome(
  ctx: RequestCtx,
  query: { code?: string; state?: string; error?: string },
  cookieHeader: string | undefined,
): Promise<InstagramOutcome> {
  const meta = clientOf(ctx);
  if (!meta) return { error: "not_available" };
  const browser = cookieValue(cookieHeader, CONSENT_COOKIE);
  if (!query.state || !browser) return { error: "state_invalid" };
  const consent = await takeAuthorization(ctx.db, {
    provider: "instagram",
    stateHash: sha256(query.state),
    browserHash: sha256(browser),
    now: ctx.clock.now(),
  });
  if (!consent || !(await isMember(ctx.db, consent))) {
    ctx.log.warn({ event: "connector.consent.refused" }, "Instagram consent with an unknown state");
    return { error: "state_invalid" };
  }
  const { workspaceId } = consent;
  if (query.error || !query.code) return { error: "access_denied" };
  let token: { accessToken: string; expiresInSeconds: number | null };
  try {
    const short = await meta.exchangeCode({
      code: query.code,
      codeVerifier: consent.codeVerifier,
      redirectUri: callbackUrl(ctx),
    });
    token = await meta.longLived(short.accessToken);
  } catch (error) {
    if (!(error instanceof MetaError)) throw error;
    ctx.log.warn({ workspaceId, failure: error.failure }, "Instagram code exchange failed");
    return { error: "exchange_failed" };
  }
  let accounts: Awaited<ReturnType<typeof meta.accounts>>;
  try {
    accounts = await meta.accounts(token.accessToken);
  } catch (error) {
    if (!(error instanceof MetaError)) throw error;
    ctx.log.warn({ workspaceId, failure: error.failure }, "Instagram /me/accounts failed");
    return { error: "accounts_failed" };
  }
  if (accounts.length === 0) {
    await meta.revoke(token.accessToken);
    return { error: "no_account" };
  }
  const brand = await findCurrentBrand(ctx.db, { workspaceId });
  const link =
    brand && !brand.sample ? brand.socialLinks.find((l) => l.platform === "instagram")?.url : undefined;
  const own = link ? instagramUsername(link) : null;
  const before = await findConnection(ctx.db, { workspaceId, provider: "instagram" });
  const account =
    accounts.find((a) => a.id === before?.property)?.id ??
    accounts.find((a) => own !== null && a.username.toLowerCase() === own)?.id ??
    (accounts.length === 1 ? accounts[0]?.id : undefined) ??
    null;
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await saveInstagramConnection(tx, {
      workspaceId,
      sealedCredential: seal(ctx.keys.seal, token.accessToken),
      credentialExpiresAt: token.expiresInSeconds ? addMs(now, token.expiresInSeconds * SECOND_MS) : null,
      accounts,
      account,
      status: account ? "reading" : "choose_property",
      reason: account
        ? null
        : `None of the Instagram accounts of your Facebook Pages is ${own ? `@${own}` : "your brand's"}: choose the one to read through.`,
    });
    if (account) await ctx.jobs.enqueue("sync-instagram", { workspaceId }, { tx });
  });
  ctx.log.info({ workspaceId, accounts: accounts.length, chosen: account !== null }, "Instagram connected");
  return { status: account ? "connected" : "choose_account" };
}

function connectedOrThrow(
  connection: ConnectionRow | undefined,
): ConnectionRow & { sealedCredential: string } {
  if (!connection?.sealedCredential) {
    throw new AppError("NOT_CONNECTED", 409, "Connect Instagram with Facebook first.");
  }
  return connection as ConnectionRow & { sealedCredential: string };
}

/** Chooses which of the listed Instagram accounts the reads go through, and reads. */
export async function selectInstagramAccount(
  ctx: RequestCtx,
  body: Schemas["SelectInstagramAccountRequest"],
): Promise<Connector> {
  const workspaceId = workspaceOf(ctx);
  const connection = connectedOrThrow(await findConnection(ctx.db, { workspaceId, provider: "instagram" }));
  if (!(connection.accounts ?? []).some((a) => a.id === body.accountId)) {
    const message = "Choose one of the Instagram accounts of your Facebook Pages";
    throw new AppError("VALIDATION_FAILED", 400, message, [{ path: "/accountId", message }]);
  }
  await ctx.db.transaction(async (tx) => {
    await setProperty(tx, { id: connection.id, property: body.accountId, status: "reading", reason: null });
    await ctx.jobs.enqueue("sync-instagram", { workspaceId }, { tx });
  });
  return instagramConnector(ctx, workspaceId);
}

/** Reads the brands' accounts again now, within a rate limit; 409 when nothing can be read until the user acts. */
export async function refreshInstagram(ctx: RequestCtx): Promise<Connector> {
  const workspaceId = workspaceOf(ctx);
  const connection = connectedOrThrow(await findConnection(ctx.db, { workspaceId, provider: "instagram" }));
  const now = ctx.clock.now();
  if (
    connection.status === "token_expired" ||
    (connection.credentialExpiresAt !== null && connection.credentialExpiresAt <= now)
  ) {
    throw new AppError("NOT_CONNECTED", 409, "Meta no longer accepts the connection: reconnect Instagram.");
  }
  if (!connection.property) {
    throw new AppError("NOT_CONNECTED", 409, "Choose the Instagram account to read through first.");
  }
  if (connection.rateLimitedUntil && connection.rateLimitedUntil > now) {
    throw new AppError(
      "RATE_LIMITED",
      409,
      `Meta's rate limit is reached: Instagram can be read again after ${connection.rateLimitedUntil.toISOString().slice(11, 16)} UTC.`,
    );
  }
  await limitRequests(
    ctx,
    { key: `instagram:${workspaceId}`, ...REFRESH_LIMIT },
    (wait) => `Instagram was read a moment ago. You can read it again in ${wait}.`,
  );
  await ctx.db.transaction(async (tx) => {
    await setProperty(tx, {
      id: connection.id,
      property: connection.property ?? "",
      status: "reading",
      reason: null,
    });
    await ctx.jobs.enqueue("sync-instagram", { workspaceId }, { tx });
  });
  return instagramConnector(ctx, workspaceId);
}

/** Forgets the token (and removes the app's permissions at Meta, best effort); what was read stays. */
export async function disconnectInstagram(ctx: RequestCtx): Promise<undefined> {
  const workspaceId = workspaceOf(ctx);
  const connection = await findConnection(ctx.db, { workspaceId, provider: "instagram" });
  await deleteConnection(ctx.db, { workspaceId, provider: "instagram" });
  const meta = clientOf(ctx);
  if (meta && connection?.sealedCredential) {
    let token: string | undefined;
    try {
      token = unseal(ctx.keys.seal, connection.sealedCredential);
    } catch {
      // Sealed under a key since replaced.
    }
    if (token) await meta.revoke(token);
  }
  return undefined;
}
