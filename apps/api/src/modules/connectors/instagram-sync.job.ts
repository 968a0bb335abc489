import type { ConnectorStatus } from "../../db/schema";
import type { JobContext, JobPayloads } from "../../kernel/job-queue";
import type { WorkerDeps } from "../../kernel/worker-deps";
import { addMs, MINUTE_MS } from "../../lib/clock";
import { markBrandDataChanged } from "../brand/imports.repo";
import { findJobConnection } from "./connection-owner";
import {
  type ConnectionRow,
  recordRun,
  saveChannelReading,
  upsertChannelAudience,
  upsertInstagramPosts,
} from "./connections.repo";
import { setRateLimitedUntil } from "./instagram.repo";
import { type InstagramClient, instagramClient, MetaError } from "./instagram-api";
import { missingPermissionReason, missingPermissions } from "./instagram-permissions";
import { instagramUsername } from "./instagram-username";
import { type ConnectorBrand, connectorBrands } from "./youtube-brands";

/** The newest media read per account: two pages of 50, as business_discovery pages them. */
export const MEDIA_PER_ACCOUNT = 100;
export const MEDIA_PAGE_SIZE = 50;
/** Above this share (percent) of any of Meta's rate limits, a run stops before Meta throttles the app. */
export const USAGE_CEILING = 90;
/** Meta's limits are over a rolling hour: without its own estimate, reading resumes an hour later. */
const RATE_LIMIT_PAUSE_MINUTES = 60;

const timeOf = (date: Date) => `${date.toISOString().slice(11, 16)} UTC`;
const dateOf = (date: Date) => date.toISOString().slice(0, 10);

export const tokenExpiredReason = (expiredAt: Date | null) =>
  `Meta no longer accepts Brandscope's access to Instagram${expiredAt ? ` (the connection expired on ${dateOf(expiredAt)})` : " (it was revoked or has expired)"}: token expired, reconnect with Facebook to read the accounts again.`;

/**
 * Reads the Instagram accounts of a workspace's brands (own and competitors, by the username of their Instagram
 * link) through the workspace's connected Instagram professional account with business_discovery (instagram.service.ts
 * connects it): each account's followers as the brand's Instagram audience of the day and its newest media as the
 * brand's Instagram posts; then the brands' figures are recomputed. Meta's usage headers are watched: above
 * USAGE_CEILING percent the run stops and says until when; a rate-limit error does the same. An expired or revoked
 * token ends the run with "reconnect"; a Meta outage is retried with back-off by the queue, and the last try says so.
 */
export async function syncInstagramJob(
  deps: WorkerDeps,
  data: JobPayloads["sync-instagram"],
  job: JobContext,
): Promise<void> {
  const found = await findJobConnection(deps.db, data, "instagram");
  const app = deps.config.instagram.app;
  if (!found) return;
  const { owner, connection } = found;
  if (!connection.sealedCredential || !connection.property || !app) return;
  const now = deps.clock.now();
  const run = { id: connection.id, at: now, quotaDay: now.toISOString().slice(0, 10) };
  const end = (status: ConnectorStatus, reason: string | null, succeeded: boolean, usage: number) =>
    recordRun(deps.db, { ...run, status, reason, succeeded, quotaUsed: Math.round(usage) });
  if (connection.credentialExpiresAt && connection.credentialExpiresAt <= now) {
    await end("token_expired", tokenExpiredReason(connection.credentialExpiresAt), false, 0);
    return;
  }
  if (connection.status === "no_access") {
    // The grant lacks a permission (instagram.service.ts connect): nothing is asked of Meta until the user
    // reconnects; the run is recorded so that the daily refresh does not queue it again within the day.
    await end("no_access", connection.statusReason, false, 0);
    return;
  }
  if (connection.rateLimitedUntil && connection.rateLimitedUntil > now) {
    await end(
      "rate_limited",
      `Meta's rate limit is reached: rate limited until ${timeOf(connection.rateLimitedUntil)}.`,
      false,
      connection.quotaUsed,
    );
    return;
  }
  const client = instagramClient({
    appId: app.id,
    appSecret: app.secret,
    graphUrl: deps.config.instagram.graphUrl,
  });
  const rateLimited = async (minutes: number | null) => {
    const until = addMs(
      now,
      Math.max(minutes ?? 0, 0) > 0 ? (minutes ?? 0) * MINUTE_MS : RATE_LIMIT_PAUSE_MINUTES * MINUTE_MS,
    );
    await setRateLimitedUntil(deps.db, { id: connection.id, until });
    await end(
      "rate_limited",
      `Meta's rate limit is reached: rate limited until ${timeOf(until)}, when Brandscope reads the remaining accounts.`,
      false,
      client.usage.percent,
    );
  };
  try {
    const token = await deps.keys.seal.open(connection.sealedCredential);
    const brands = (await connectorBrands(deps.db, data.workspaceId, owner.brandId)).filter(
      (b) => b.instagram !== null,
    );
    let read = 0;
    for (const entry of brands) {
      if (client.usage.percent >= USAGE_CEILING) {
        await rateLimited(client.usage.regainMinutes);
        return;
      }
      await readAccount(deps, client, { connection, token, entry, now });
      read += 1;
    }
    await setRateLimitedUntil(deps.db, { id: connection.id, until: null });
    await end("connected", null, true, client.usage.percent);
    deps.log.info(
      { workspaceId: data.workspaceId, accounts: read, usage: client.usage.percent },
      "Instagram read",
    );
  } catch (error) {
    if (!(error instanceof MetaError)) throw error;
    deps.log.warn({ workspaceId: data.workspaceId, failure: error.failure }, "Instagram read failed");
    if (error.failure === "rate_limit") {
      await rateLimited(error.retryAfterMinutes);
      return;
    }
    if (error.failure === "permission") {
      const reason = await missingPermissionOf(client, connection, deps);
      if (reason) {
        await end("no_access", reason, false, client.usage.percent);
        return;
      }
    }
    const lastTry = job.retryCount >= job.retryLimit;
    if (error.failure === "unavailable" && !lastTry) {
      await end("reading", "Meta did not answer: trying again in a moment.", false, client.usage.percent);
      throw error;
    }
    const outcome: Record<
      Exclude<typeof error.failure, "rate_limit" | "no_profile">,
      [ConnectorStatus, string]
    > = {
      token: ["token_expired", tokenExpiredReason(null)],
      permission: [
        "token_expired",
        "The Facebook connection lacks a permission business_discovery needs: reconnect with Facebook and grant every permission asked.",
      ],
      refused: ["error", "Meta refused the request: Brandscope tries again at the next daily refresh."],
      unavailable: ["error", "Meta did not answer: the accounts are read again at the next daily refresh."],
    };
    const [status, reason] =
      error.failure === "no_profile"
        ? (["error", "Meta refused the request."] as const)
        : outcome[error.failure];
    await end(status, reason, false, client.usage.percent);
  }
}

/**
 * business_discovery refused a permission: which one, as `/me/permissions` says (the user may have removed it in
 * their Facebook settings since connecting). A required one missing is named; else ads_read when not granted, which
 * business_discovery needs when the user's Page role comes through Business Manager (instagram-permissions.ts).
 * Null when Meta does not say or everything is granted.
 */
async function missingPermissionOf(
  client: InstagramClient,
  connection: ConnectionRow,
  deps: WorkerDeps,
): Promise<string | null> {
  try {
    const token = await deps.keys.seal.open(connection.sealedCredential ?? "");
    const grant = await client.permissions(token);
    const missing = missingPermissions(grant);
    if (missing.length === 0 && !grant.granted.includes("ads_read")) missing.push("ads_read");
    return missing.length > 0
      ? missingPermissionReason(missing, deps.config.instagram.loginConfigId !== undefined)
      : null;
  } catch (error) {
    if (!(error instanceof MetaError)) throw error;
    return null;
  }
}

/** One brand's account: its audience and media stored together, or why it could not be read. */
async function readAccount(
  deps: WorkerDeps,
  client: InstagramClient,
  p: { connection: ConnectionRow; token: string; entry: ConnectorBrand; now: Date },
) {
  const { brand } = p.entry;
  const reading = {
    connectionId: p.connection.id,
    brandId: brand.id,
    readAt: p.now,
    title: null,
    subscribers: null,
    mediaCount: null,
  };
  const username = instagramUsername(p.entry.instagram ?? "");
  if (!username) {
    await saveChannelReading(deps.db, {
      ...reading,
      problem: "The brand's Instagram link names no account (expected instagram.com/<username>): correct it.",
    });
    return;
  }
  let profile: Awaited<ReturnType<InstagramClient["profile"]>>;
  try {
    profile = await client.profile(p.token, {
      igUserId: p.connection.property ?? "",
      username,
      maxMedia: MEDIA_PER_ACCOUNT,
      pageSize: MEDIA_PAGE_SIZE,
    });
  } catch (error) {
    if (!(error instanceof MetaError && error.failure === "no_profile")) throw error;
    await saveChannelReading(deps.db, {
      ...reading,
      title: username,
      problem: `Instagram has no business or creator account @${username}: it does not exist, or it is a personal account, which Meta does not let other apps read.`,
    });
    return;
  }
  const hidden = profile.media.filter((m) => m.likes === null || m.comments === null).length;
  const problems = [
    profile.followers === null ? "Meta gave no follower count." : null,
    hidden > 0
      ? `${hidden} ${hidden === 1 ? "post hides its" : "posts hide their"} like count: stored as unknown, not 0, so engagement figures leave ${hidden === 1 ? "it" : "them"} out.`
      : null,
    profile.malformed > 0
      ? `${profile.malformed} ${profile.malformed === 1 ? "post" : "posts"} Meta sent could not be read and ${profile.malformed === 1 ? "was" : "were"} left out.`
      : null,
  ].filter((x): x is string => x !== null);
  const day = p.now.toISOString().slice(0, 10);
  await deps.db.transaction(async (tx) => {
    if (profile.followers !== null) {
      await upsertChannelAudience(tx, {
        brandId: brand.id,
        day,
        followers: profile.followers,
        platform: "instagram",
      });
    }
    await upsertInstagramPosts(tx, {
      brandId: brand.id,
      // A hidden like count is stored as unknown, never 0 (docs/analytics-methods.md §0).
      media: profile.media.map((m) => ({
        url: m.permalink,
        postedAt: m.postedAt,
        caption: m.caption,
        format: m.format,
        likes: m.likes,
        comments: m.comments,
      })),
    });
    await saveChannelReading(tx, {
      ...reading,
      title: profile.username,
      subscribers: profile.followers,
      mediaCount: profile.mediaCount,
      problem: problems.length > 0 ? problems.join(" ") : null,
    });
    await markBrandDataChanged(tx, { brandId: brand.id, now: p.now });
    await deps.jobs.enqueue("compute-brand", { brandId: brand.id }, { tx });
  });
}
