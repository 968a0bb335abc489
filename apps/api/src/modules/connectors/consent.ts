import * as oidc from "openid-client";
import type { ConnectorProvider } from "../../db/schema";
import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { putOneUseState, takeOneUseState } from "../../kernel/one-use-state";
import { MINUTE_MS } from "../../lib/clock";
import { cookieValue } from "../../lib/cookie-value";
import { randomToken, sha256 } from "../../lib/crypto";
import { limitRequests } from "../auth";
import { findConnectionOwner } from "./connection-owner";
import { isMember } from "./consent.repo";

/**
 * The OAuth consent every OAuth connector (Search Console, Google Ads, Instagram) starts and takes back the same
 * way: a state kept server-side (hashed), bound to the workspace, the brand, the user and the browser that started it
 * (a cookie only sent back to the callback), for CONSENT_MS and one use, with a PKCE S256 verifier. The brand is the
 * one the start chose (X-Brand-Id, else the newest): the callback, a browser redirect without the header, connects
 * that brand. The connector's
 * service keeps what is its own: the scopes, the provider's token exchange and what it stores.
 */
export interface ConsentFlow {
  /** Every connector but YouTube, which is read with an API key. */
  provider: Exclude<ConnectorProvider, "youtube">;
  /** The connector in the callback's path (`/api/connectors/<slug>/callback`) and in the Data sources return. */
  slug: string;
  /** How the rate limit's message and the log name it ("Search Console"). */
  name: string;
  /** The 404's message when the server has no OAuth client for it. */
  unavailable: string;
}

/**
 * An OAuth consent under way, kept as a one-use state whose secret is the OAuth state (kernel/one-use-state.ts),
 * bound to the browser that started it (the SHA-256 of a cookie only that browser holds).
 */
interface PendingConsent {
  provider: ConsentFlow["provider"];
  workspaceId: string;
  /** The brand the consent was started for (X-Brand-Id, else the newest): the callback connects that brand. */
  brandId: string;
  userId: string;
  codeVerifier: string;
}

declare module "../../kernel/one-use-state" {
  interface OneUseStatePayloads {
    "connector-consent": PendingConsent;
  }
}

/** How long the user may spend on the provider's consent page. */
export const CONSENT_MS = 10 * MINUTE_MS;
/** Consent starts per user: a few retries, not a loop. */
const CONSENT_LIMIT = { windowMs: 15 * MINUTE_MS, max: 10 };

/** The cookie that binds a consent to the browser that started it (sent back to the callback only). */
const consentCookie = (flow: ConsentFlow) => `brandscope_${flow.provider}`;
const callbackPath = (flow: ConsentFlow) => `/api/connectors/${flow.slug}/callback`;
/** The redirect URI registered with the provider, and sent again with the code exchange. */
const callbackUrl = (ctx: Pick<RequestCtx, "config">, flow: ConsentFlow) =>
  `${ctx.config.appUrl}${callbackPath(flow)}`;

/**
 * Starts a consent: checks that the server has a client for the provider, the user's rate limit and that the
 * workspace has a brand (404 NO_BRAND without one), keeps the state, sets the browser's cookie on `reply`, and answers the provider's authorization URL (code flow, PKCE S256)
 * with the connector's own parameters (`params`: its scopes and the like).
 */
export async function startConsent(
  ctx: Pick<RequestCtx, "db" | "clock" | "config" | "brandId">,
  reply: { header(name: "set-cookie", value: string): unknown },
  flow: ConsentFlow,
  p: {
    caller: { workspaceId: string; userId: string };
    clientId: string | undefined;
    authorizeUrl: string;
    params: Record<string, string>;
  },
): Promise<{ url: string }> {
  if (!p.clientId) throw new AppError("CONNECTOR_UNAVAILABLE", 404, flow.unavailable);
  await limitRequests(
    ctx,
    { key: `${flow.slug}-consent:${p.caller.userId}`, ...CONSENT_LIMIT },
    (wait) => `Too many attempts to connect ${flow.name}. Try again in ${wait}.`,
  );
  const browser = randomToken();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const owner = await findConnectionOwner(ctx.db, {
    workspaceId: p.caller.workspaceId,
    brandId: ctx.brandId,
  });
  // A connection is a brand's: none to make before the workspace has a brand.
  if (!owner) throw new AppError("NO_BRAND", 404, "Connect a brand first: no brand is connected yet.");
  const state = await putOneUseState(ctx.db, "connector-consent", {
    payload: {
      provider: flow.provider,
      workspaceId: p.caller.workspaceId,
      brandId: owner.brandId,
      userId: p.caller.userId,
      codeVerifier,
    },
    ttlMs: CONSENT_MS,
    browserHash: sha256(browser),
    now: ctx.clock.now(),
  });
  const url = new URL(p.authorizeUrl);
  const params = {
    client_id: p.clientId,
    redirect_uri: callbackUrl(ctx, flow),
    response_type: "code",
    ...p.params,
    state,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  const secure = ctx.config.appUrl.startsWith("https:") ? "; Secure" : "";
  // SameSite=Lax: the provider's redirect is a top-level GET navigation, which carries it.
  reply.header(
    "set-cookie",
    `${consentCookie(flow)}=${browser}; Path=${callbackPath(flow)}; Max-Age=${CONSENT_MS / 1000}; HttpOnly; SameSite=Lax${secure}`,
  );
  return { url: url.href };
}

/** A consent the provider granted: who started it, and the code to exchange with its PKCE verifier. */
export interface GrantedConsent {
  workspaceId: string;
  /** The brand the consent was started for: its connection is the one stored. */
  brandId: string;
  userId: string;
  code: string;
  codeVerifier: string;
  /** Sent again with the code exchange, as the provider asks. */
  redirectUri: string;
}

/** A consent taken back at the callback, or why there is none. */
export type TakenConsent = GrantedConsent | { error: "state_invalid" | "access_denied"; brandId?: string };

/** The connector's callback as the browser makes it: the query (as the contract lets it through) and its cookies. */
export interface ConsentCallback {
  query: { code?: string; state?: string; error?: string };
  cookieHeader: string | undefined;
}

/**
 * The provider's redirect: the state must be one this browser started for this provider, unexpired and unused
 * (it is used up here), and its user still in the workspace; then the provider must have sent a code (the user
 * declined otherwise).
 */
export async function takeConsent(
  ctx: Pick<RequestCtx, "db" | "clock" | "log" | "config">,
  flow: ConsentFlow,
  { query, cookieHeader }: ConsentCallback,
): Promise<TakenConsent> {
  const browser = cookieValue(cookieHeader, consentCookie(flow));
  if (!query.state || !browser) return { error: "state_invalid" };
  // Only this browser's: a state presented by another browser is left alone, so that a stranger cannot spend the
  // user's consent.
  const taken = await takeOneUseState(ctx.db, "connector-consent", query.state, {
    match: { provider: flow.provider },
    browserHash: sha256(browser),
    now: ctx.clock.now(),
  });
  const consent = taken?.payload;
  if (!consent || !(await isMember(ctx.db, consent))) {
    ctx.log.warn({ event: "connector.consent.refused" }, `${flow.name} consent with an unknown state`);
    return { error: "state_invalid" };
  }
  // The brand it was started for.
  const owner = await findConnectionOwner(ctx.db, {
    workspaceId: consent.workspaceId,
    brandId: consent.brandId,
  });
  // The user declined at the provider (error=access_denied), or it sent no code.
  if (query.error || !query.code) return { error: "access_denied", ...(owner && { brandId: owner.brandId }) };
  // The workspace has no brand left to connect.
  if (!owner) return { error: "state_invalid" };
  const { workspaceId, userId, codeVerifier } = consent;
  return {
    workspaceId,
    brandId: owner.brandId,
    userId,
    codeVerifier,
    code: query.code,
    redirectUri: callbackUrl(ctx, flow),
  };
}

/**
 * The connector's callback: `not_available` while the server has no `client` for the provider (the state is left
 * alone), the refusal of a consent takeConsent does not give, else what `connect` made of the granted consent;
 * answers the Data sources URL that says so, to redirect the browser to.
 */
export async function receiveConsent<Client>(
  ctx: RequestCtx,
  flow: ConsentFlow,
  callback: ConsentCallback,
  client: Client | undefined,
  connect: (ctx: RequestCtx, client: Client, consent: GrantedConsent) => Promise<ConsentOutcome>,
): Promise<string> {
  if (!client) return dataSourcesUrl(ctx, flow, { error: "not_available" });
  const consent = await takeConsent(ctx, flow, callback);
  if ("error" in consent) return dataSourcesUrl(ctx, flow, { error: consent.error }, consent.brandId);
  return dataSourcesUrl(ctx, flow, await connect(ctx, client, consent), consent.brandId);
}

/** How a callback ended, as the Data sources screen reads it (`?status=…` or `?error=…`). */
export type ConsentOutcome = { status: string } | { error: string };

/**
 * Where the browser goes after the callback: the Data sources page of the brand the consent was for (the web app's
 * `brand` search parameter, when known), with the outcome and never a token.
 */
export function dataSourcesUrl(
  ctx: Pick<RequestCtx, "config">,
  flow: ConsentFlow,
  outcome: ConsentOutcome,
  brandId?: string,
): string {
  const url = new URL("/data-sources", ctx.config.appUrl);
  if (brandId) url.searchParams.set("brand", brandId);
  url.searchParams.set("connector", flow.slug);
  if ("error" in outcome) url.searchParams.set("error", outcome.error);
  else url.searchParams.set("status", outcome.status);
  return url.href;
}
