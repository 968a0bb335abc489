import type { components } from "@brandscope/api-client/schema";
import type { FastifyReply } from "fastify";
import { signedIn, workspaceOf } from "../../kernel/caller";
import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { addMs, SECOND_MS } from "../../lib/clock";
import { seal } from "../../lib/crypto";
import { findCurrentBrand } from "../brand";
import { findConnectionOwner } from "./connection-owner";
import { findChannelReadings, findConnection } from "./connections.repo";
import { utcTimeOf } from "./connector-kit";
import {
  chooseWhatIsRead,
  disconnect,
  isoOf,
  readNow,
  runTimes,
  sunsetNotice,
  untilAhead,
} from "./connector-lifecycle";
import { type ConsentCallback, type GrantedConsent, receiveConsent, startConsent } from "./consent";
import { metaRevoker, releaseMetaGrant } from "./grant";
import { INSTAGRAM, instagramClientOf } from "./instagram.provider";
import { saveInstagramConnection } from "./instagram.repo";
import { META_GRAPH_API_VERSION, MetaError } from "./instagram-api";
import {
  INSTAGRAM_SCOPES,
  missingPermissionReason,
  missingPermissions,
  permissionsNamedIn,
} from "./instagram-permissions";
import { tokenExpiredReason } from "./instagram-sync.job";
import { instagramUsername } from "./instagram-username";
import { connectorBrands } from "./youtube-brands";

type Schemas = components["schemas"];
type Connector = Schemas["InstagramConnector"];

const clientOf = (ctx: Pick<RequestCtx, "config">) => instagramClientOf(ctx.config);

/** The connector as the Data sources screen shows it. */
export async function instagramConnector(
  ctx: Pick<RequestCtx, "db" | "config" | "clock" | "brandId">,
  workspaceId: string,
): Promise<Connector> {
  const owner = await findConnectionOwner(ctx.db, { workspaceId, brandId: ctx.brandId });
  const connection = owner && (await findConnection(ctx.db, { ...owner, provider: "instagram" }));
  const none = {
    sunsetNotice: sunsetNotice(INSTAGRAM, ctx.clock.now()),
    account: null,
    accounts: [],
    tokenExpiresAt: null,
    rateLimitedUntil: null,
    lastSuccessAt: null,
    lastRunAt: null,
    nextRunAt: null,
    profiles: [],
    missingPermissions: [],
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
      : connection.status === "no_access"
        ? "permission_missing"
        : connection.status === "rate_limited" ||
            connection.status === "reading" ||
            connection.status === "connected"
          ? connection.status
          : "error";
  const readings = await findChannelReadings(ctx.db, { connectionId: connection.id });
  const brands = await connectorBrands(ctx.db, workspaceId, ctx.brandId);
  const accounts = connection.accounts ?? [];
  return {
    sunsetNotice: none.sunsetNotice,
    status,
    statusReason:
      expired && connection.status !== "token_expired"
        ? tokenExpiredReason(connection.credentialExpiresAt)
        : connection.statusReason,
    account: accounts.find((a) => a.id === connection.property) ?? null,
    accounts,
    tokenExpiresAt: isoOf(connection.credentialExpiresAt),
    rateLimitedUntil: untilAhead(connection.rateLimitedUntil, now),
    missingPermissions: status === "permission_missing" ? permissionsNamedIn(connection.statusReason) : [],
    ...runTimes(connection, {
      workspaceId,
      now,
      waiting: status === "token_expired" || status === "choose_account" || status === "permission_missing",
    }),
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
        readAt: isoOf(reading?.readAt),
      };
    }),
  };
}

export const getInstagramConnector = (ctx: RequestCtx) => instagramConnector(ctx, workspaceOf(ctx));

/**
 * Starts Facebook Login (consent.ts): Meta's OAuth dialog for the permissions business_discovery needs, as the
 * operator configured it: Facebook Login for Business's `config_id` (META_LOGIN_CONFIG_ID; the configuration holds
 * the permissions), else classic Facebook Login's `scope`. When the connection lacks a permission the user declined,
 * `auth_type=rerequest` makes the dialog ask for it again: Facebook Login does not show a declined permission again
 * otherwise (developers.facebook.com/docs/facebook-login/guides/permissions/handle-declined, "Explain Why and
 * Reprompt"; /docs/facebook-login/web/permissions). Not with a configuration, which decides what is asked.
 */
export async function authorizeInstagram(
  ctx: RequestCtx,
  reply: Pick<FastifyReply, "header">,
): Promise<Schemas["InstagramAuthorization"]> {
  const caller = signedIn(ctx);
  const configId = ctx.config.instagram.loginConfigId;
  const params: Record<string, string> = configId ? { config_id: configId } : { scope: INSTAGRAM_SCOPES };
  if (!configId && ctx.config.instagram.app) {
    const owner = await findConnectionOwner(ctx.db, {
      workspaceId: caller.workspaceId,
      brandId: ctx.brandId,
    });
    const connection = owner && (await findConnection(ctx.db, { ...owner, provider: "instagram" }));
    if (connection?.sealedCredential && connection.status === "no_access") params.auth_type = "rerequest";
  }
  return startConsent(ctx, reply, INSTAGRAM, {
    caller,
    clientId: ctx.config.instagram.app?.id,
    authorizeUrl: `${ctx.config.instagram.dialogUrl}/${META_GRAPH_API_VERSION.version}/dialog/oauth`,
    params,
  });
}

/** What connecting made of a granted consent (consent.ts answers the refusals before it). */
type InstagramOutcome =
  | { status: "connected" | "choose_account" }
  | {
      error:
        | "exchange_failed"
        | "permissions_failed"
        | "permission_missing"
        | "no_account"
        | "accounts_failed";
    };

/**
 * Facebook Login's redirect: the state must be one this browser started, unexpired and unused, its user still in
 * the workspace; then the code becomes a short-lived token, that a long-lived one (sealed, with its expiry), the
 * Pages' Instagram professional accounts are listed and the brand's own chosen, and the brands read by a job.
 */
export const receiveInstagramCallback = (ctx: RequestCtx, callback: ConsentCallback): Promise<string> =>
  receiveConsent(ctx, INSTAGRAM, callback, clientOf(ctx), connect);

async function connect(
  ctx: RequestCtx,
  meta: NonNullable<ReturnType<typeof clientOf>>,
  consent: GrantedConsent,
): Promise<InstagramOutcome> {
  const { workspaceId, brandId } = consent;
  let token: { accessToken: string; expiresInSeconds: number | null };
  try {
    const short = await meta.exchangeCode(consent);
    token = await meta.longLived(short.accessToken);
  } catch (error) {
    if (!(error instanceof MetaError)) throw error;
    ctx.log.warn({ workspaceId, failure: error.failure }, "Instagram code exchange failed");
    return { error: "exchange_failed" };
  }
  const before = await findConnection(ctx.db, { workspaceId, brandId, provider: "instagram" });
  // What the user granted, before anything is read: a declined permission keeps the connection waiting for a
  // re-request, the permission named, rather than connected and failing at every read.
  let missing: string[];
  try {
    missing = missingPermissions(await meta.permissions(token.accessToken));
  } catch (error) {
    if (!(error instanceof MetaError)) throw error;
    ctx.log.warn({ workspaceId, failure: error.failure }, "Instagram /me/permissions failed");
    return { error: "permissions_failed" };
  }
  const now = ctx.clock.now();
  const sealed = {
    workspaceId,
    brandId,
    sealedCredential: seal(ctx.keys.seal, token.accessToken),
    credentialExpiresAt: token.expiresInSeconds ? addMs(now, token.expiresInSeconds * SECOND_MS) : null,
  };
  if (missing.length > 0) {
    // The token is kept (a disconnect removes the app's permissions at Meta with it), and the accounts chosen
    // before, so that the re-request's login reads through the same one.
    await saveInstagramConnection(ctx.db, {
      ...sealed,
      accounts: before?.accounts ?? [],
      account: before?.property ?? null,
      status: "no_access",
      reason: missingPermissionReason(missing, ctx.config.instagram.loginConfigId !== undefined),
    });
    ctx.log.warn({ workspaceId, missing }, "Instagram connected without a permission it needs");
    return { error: "permission_missing" };
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
    await releaseMetaGrant(ctx.db, meta, { token: token.accessToken, workspaceId });
    return { error: "no_account" };
  }
  // The brand that started the consent (consent.ts), whose connection this is.
  const brand = await findCurrentBrand(ctx.db, { workspaceId, brandId });
  const link =
    brand && !brand.sample ? brand.socialLinks.find((l) => l.platform === "instagram")?.url : undefined;
  const own = link ? instagramUsername(link) : null;
  const account =
    accounts.find((a) => a.id === before?.property)?.id ??
    accounts.find((a) => own !== null && a.username.toLowerCase() === own)?.id ??
    (accounts.length === 1 ? accounts[0]?.id : undefined) ??
    null;
  await ctx.db.transaction(async (tx) => {
    await saveInstagramConnection(tx, {
      ...sealed,
      accounts,
      account,
      status: account ? "reading" : "choose_property",
      reason: account
        ? null
        : `None of the Instagram accounts of your Facebook Pages is ${own ? `@${own}` : "your brand's"}: choose the one to read through.`,
    });
    if (account) await ctx.jobs.enqueue("sync-instagram", { workspaceId, brandId }, { tx });
  });
  ctx.log.info(
    { workspaceId, brandId, accounts: accounts.length, chosen: account !== null },
    "Instagram connected",
  );
  return { status: account ? "connected" : "choose_account" };
}

/** 409 while the grant lacks a permission: nothing can be read until the user reconnects and allows it. */
function refuseWithoutPermission(connection: { status: string; statusReason: string | null }) {
  if (connection.status === "no_access") {
    throw new AppError(
      "NOT_CONNECTED",
      409,
      connection.statusReason ?? "Instagram lacks a permission it needs: reconnect and allow it.",
    );
  }
}

/** Chooses which of the listed Instagram accounts the reads go through, and reads. */
export async function selectInstagramAccount(
  ctx: RequestCtx,
  body: Schemas["SelectInstagramAccountRequest"],
): Promise<Connector> {
  const owner = await chooseWhatIsRead(ctx, INSTAGRAM, {
    chosen: body.accountId,
    listed: (connection) => (connection.accounts ?? []).map((a) => a.id),
    path: "/accountId",
    message: "Choose one of the Instagram accounts of your Facebook Pages",
    refuse: refuseWithoutPermission,
  });
  return instagramConnector(ctx, owner.workspaceId);
}

/** Reads the brands' accounts again now, within a rate limit; 409 when nothing can be read until the user acts. */
export async function refreshInstagram(ctx: RequestCtx): Promise<Connector> {
  const owner = await readNow(ctx, INSTAGRAM, (connection, now) => {
    refuseWithoutPermission(connection);
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
        `Meta's rate limit is reached: Instagram can be read again after ${utcTimeOf(connection.rateLimitedUntil)}.`,
      );
    }
  });
  return instagramConnector(ctx, owner.workspaceId);
}

/** Forgets the token (and removes the app's permissions at Meta, best effort); what was read stays. */
export const disconnectInstagram = (ctx: RequestCtx): Promise<undefined> =>
  disconnect(ctx, INSTAGRAM, metaRevoker(ctx.db, clientOf(ctx)));
