import type { JobContext } from "../../kernel/job-queue";
import type { WorkerDeps } from "../../kernel/worker-deps";
import { addMs, MINUTE_MS } from "../../lib/clock";
import {
  type ConnectionRow,
  saveChannelReading,
  upsertChannelAudience,
  upsertInstagramPosts,
} from "./connections.repo";
import { type FailureCause, type SyncJobData, utcTimeOf } from "./connector-kit";
import { type ConnectorSync, failedWith, type RunOutcome, runConnectorSync } from "./connector-sync";
import { INSTAGRAM, instagramClientOf } from "./instagram.provider";
import { setRateLimitedUntil } from "./instagram.repo";
import { type InstagramClient, MetaError, type MetaFailure } from "./instagram-api";
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

const dateOf = (date: Date) => date.toISOString().slice(0, 10);

export const tokenExpiredReason = (expiredAt: Date | null) =>
  `Meta no longer accepts Brandscope's access to Instagram${expiredAt ? ` (the connection expired on ${dateOf(expiredAt)})` : " (it was revoked or has expired)"}: token expired, reconnect with Facebook to read the accounts again.`;

const CAUSE_OF = {
  token: "token_expired",
  rate_limit: "rate_limited",
  permission: "permission_missing",
  no_profile: "refused",
  refused: "refused",
  unavailable: "unavailable",
} as const satisfies Record<MetaFailure, FailureCause>;

/**
 * Reads the Instagram accounts of a brand and its competitors (by the username of their Instagram link) through
 * the brand's connected Instagram professional account with business_discovery (instagram.service.ts connects it),
 * on the kit's sync job shape (connector-sync.ts): each account's followers as the brand's Instagram audience of the
 * day and its newest media as the brand's Instagram posts; then the brands' figures are recomputed. Meta's usage
 * headers are watched: above USAGE_CEILING percent the run stops and says until when; a rate-limit error does the
 * same. The quota recorded is the highest usage share Meta reported.
 */
export const INSTAGRAM_SYNC: ConnectorSync<InstagramClient> = {
  descriptor: INSTAGRAM,
  async open(deps, { connection, now }) {
    const meta = instagramClientOf(deps.config);
    if (!connection.sealedCredential || !connection.property || !meta) return undefined;
    if (connection.credentialExpiresAt && connection.credentialExpiresAt <= now) {
      return {
        outcome: {
          status: "token_expired",
          reason: tokenExpiredReason(connection.credentialExpiresAt),
          quotaUsed: 0,
        },
      };
    }
    if (connection.status === "no_access") {
      // The grant lacks a permission (instagram.service.ts connect): nothing is asked of Meta until the user
      // reconnects; the run is recorded so that the daily refresh does not queue it again within the day.
      return { outcome: { status: "no_access", reason: connection.statusReason, quotaUsed: 0 } };
    }
    if (connection.rateLimitedUntil && connection.rateLimitedUntil > now) {
      return {
        outcome: {
          status: "rate_limited",
          reason: `Meta's rate limit is reached: rate limited until ${utcTimeOf(connection.rateLimitedUntil)}.`,
          quotaUsed: connection.quotaUsed,
        },
      };
    }
    return { client: meta };
  },
  async read(deps, { owner, connection, now }, client) {
    const token = await deps.keys.seal.open(connection.sealedCredential ?? "");
    const brands = (await connectorBrands(deps.db, owner.workspaceId, owner.brandId)).filter(
      (b) => b.instagram !== null,
    );
    for (const entry of brands) {
      if (client.usage.percent >= USAGE_CEILING)
        return rateLimited(deps, connection, now, client.usage.regainMinutes);
      await readAccount(deps, client, { connection, token, entry, now });
    }
    await setRateLimitedUntil(deps.db, { id: connection.id, until: null });
    deps.log.info(
      { workspaceId: owner.workspaceId, accounts: brands.length, usage: client.usage.percent },
      "Instagram read",
    );
    return { status: "connected", reason: null };
  },
  classify: (error) => (error instanceof MetaError ? { cause: CAUSE_OF[error.failure], error } : undefined),
  async failed(deps, { connection, now }, failure, client) {
    switch (failure.cause) {
      case "rate_limited":
        return rateLimited(
          deps,
          connection,
          now,
          failure.error instanceof MetaError ? failure.error.retryAfterMinutes : null,
        );
      case "permission_missing": {
        const reason = await missingPermissionOf(client, connection, deps);
        return reason
          ? { status: "no_access", reason }
          : {
              status: "token_expired",
              reason:
                "The Facebook connection lacks a permission business_discovery needs: reconnect with Facebook and grant every permission asked.",
            };
      }
      case "token_expired":
        return failedWith(failure, tokenExpiredReason(null));
      case "unavailable":
        return failedWith(
          failure,
          "Meta did not answer: the accounts are read again at the next daily refresh.",
        );
      default:
        return failedWith(
          { ...failure, cause: "refused" },
          "Meta refused the request: Brandscope tries again at the next daily refresh.",
        );
    }
  },
  quotaUsed: (_run, client) => client?.usage.percent ?? 0,
};

export const syncInstagramJob = (deps: WorkerDeps, data: SyncJobData, job: JobContext) =>
  runConnectorSync(deps, data, job, INSTAGRAM_SYNC);

/** Meta's rate limit reached: no call until Meta's estimate, or RATE_LIMIT_PAUSE_MINUTES without one. */
async function rateLimited(
  deps: WorkerDeps,
  connection: ConnectionRow,
  now: Date,
  minutes: number | null,
): Promise<RunOutcome> {
  const pause = Math.max(minutes ?? 0, 0) > 0 ? (minutes ?? 0) : RATE_LIMIT_PAUSE_MINUTES;
  const until = addMs(now, pause * MINUTE_MS);
  await setRateLimitedUntil(deps.db, { id: connection.id, until });
  return {
    status: "rate_limited",
    reason: `Meta's rate limit is reached: rate limited until ${utcTimeOf(until)}, when Brandscope reads the remaining accounts.`,
  };
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
    await deps.jobs.enqueue("compute-brand", { brandId: brand.id }, { tx });
  });
}
