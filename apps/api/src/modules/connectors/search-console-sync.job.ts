import isoCountries from "i18n-iso-countries";
import type { ConnectorStatus } from "../../db/schema";
import type { JobContext, JobPayloads } from "../../kernel/job-queue";
import type { WorkerDeps } from "../../kernel/worker-deps";
import { findCurrentBrand } from "../brand/brand.repo";
import { markBrandDataChanged } from "../brand/imports.repo";
import { findJobConnection } from "./connection-owner";
import { recordRun } from "./connections.repo";
import { nextRefreshAfter } from "./refresh-schedule";
import { type ReadQuery, replaceConnectorSearches } from "./search-console.repo";
import { GoogleError, type QueryRow, searchConsoleClient } from "./search-console-api";
import { readWindow } from "./search-console-sites";

/** The most rows searchAnalytics.query gives per call. */
export const ROW_LIMIT = 25_000;
/** The most rows a read keeps: two full pages, the long tail beyond adds little to a brand's demand. */
export const MAX_ROWS = 50_000;

const timeOf = (date: Date) => `${date.toISOString().slice(11, 16)} UTC`;

/** Search Console's ISO alpha-3 ("gbr") as the app's alpha-2 ("GB"); null for "zzz" (unknown) and the like. */
export const countryOf = (alpha3: string): string | null =>
  isoCountries.alpha3ToAlpha2(alpha3.toUpperCase()) ?? null;

/**
 * Reads the workspace's Search Console property (search-console.service.ts connects it): the queries of the last
 * 28 complete days by country, with their clicks, impressions, CTR and position, stored as the brand's own
 * searches (search_queries, never keywords: impressions are not search volume), replacing the previous read; then
 * the brand's figures are recomputed. A refused
 * grant, a lost property or a spent quota end the run with a status the Data sources screen shows; a Google
 * outage is retried with back-off by the queue, and the last try says so.
 */
export async function syncSearchConsoleJob(
  deps: WorkerDeps,
  data: JobPayloads["sync-search-console"],
  job: JobContext,
): Promise<void> {
  const found = await findJobConnection(deps.db, data, "search_console");
  const client = deps.config.searchConsole.client;
  if (!found) return;
  const { owner, connection } = found;
  if (!connection.sealedCredential || !connection.property || !client) return;
  const now = deps.clock.now();
  const run = { id: connection.id, at: now, quotaDay: now.toISOString().slice(0, 10), quotaUsed: 0 };
  const end = (status: ConnectorStatus, reason: string | null, succeeded = false) =>
    recordRun(deps.db, { ...run, status, reason, succeeded });
  const brand = await findCurrentBrand(deps.db, owner);
  if (!brand || brand.sample) {
    await end("error", "Set up your brand first: Search Console queries are stored as its own searches.");
    return;
  }
  const google = searchConsoleClient({
    clientId: client.id,
    clientSecret: client.secret,
    tokenUrl: deps.config.searchConsole.tokenUrl,
    revokeUrl: deps.config.searchConsole.revokeUrl,
    baseUrl: deps.config.searchConsole.baseUrl,
  });
  const property = connection.property;
  try {
    const accessToken = await google.refresh(await deps.keys.seal.open(connection.sealedCredential));
    const window = readWindow(now);
    const rows: QueryRow[] = [];
    let malformed = 0;
    for (let startRow = 0; startRow < MAX_ROWS; startRow += ROW_LIMIT) {
      const page = await google.queryPage(accessToken, {
        siteUrl: property,
        ...window,
        startRow,
        rowLimit: Math.min(ROW_LIMIT, MAX_ROWS - startRow),
      });
      rows.push(...page.rows);
      malformed += page.malformed;
      if (page.received < ROW_LIMIT) break;
    }
    const queries = toReadQueries(rows);
    const stored = await deps.db.transaction(async (tx) => {
      const n = await replaceConnectorSearches(tx, {
        workspaceId: data.workspaceId,
        brandId: brand.id,
        connectionId: connection.id,
        period: { from: window.startDate, to: window.endDate },
        rows: queries,
      });
      await markBrandDataChanged(tx, { brandId: brand.id, now });
      await deps.jobs.enqueue("compute-brand", { brandId: brand.id }, { tx });
      return n;
    });
    await end(
      "connected",
      malformed > 0
        ? `${malformed} ${malformed === 1 ? "row" : "rows"} Search Console sent could not be read and ${malformed === 1 ? "was" : "were"} left out.`
        : null,
      true,
    );
    deps.log.info(
      { workspaceId: data.workspaceId, rows: rows.length, stored, malformed },
      "Search Console read",
    );
  } catch (error) {
    if (!(error instanceof GoogleError)) throw error;
    deps.log.warn({ workspaceId: data.workspaceId, failure: error.failure }, "Search Console read failed");
    const lastTry = job.retryCount >= job.retryLimit;
    if (error.failure === "unavailable" && !lastTry) {
      await end("reading", "Google did not answer: trying again in a moment.");
      throw error;
    }
    const next = timeOf(nextRefreshAfter(data.workspaceId, now));
    const outcome: Record<typeof error.failure, [ConnectorStatus, string]> = {
      token: [
        "token_expired",
        "Google no longer accepts Brandscope's access to Search Console (it was revoked or has expired): reconnect to read your queries again.",
      ],
      quota: [
        "quota_exhausted",
        `Search Console's quota is used up for now: Brandscope reads it again at ${next}, or read again now in a few minutes.`,
      ],
      no_access: [
        "no_access",
        `Your Google account can no longer read ${property} in Search Console: ask its owner for access, or choose another property.`,
      ],
      refused: ["error", `Search Console refused the request: Brandscope tries again at ${next}.`],
      // Google Ads' only: Search Console's client (search-console-api.ts) never classes a failure so.
      project: ["error", `Search Console refused the request: Brandscope tries again at ${next}.`],
      version: ["error", `Search Console refused the request: Brandscope tries again at ${next}.`],
      unavailable: ["error", `Google did not answer: Brandscope tries again at ${next}.`],
    };
    const [status, reason] = outcome[error.failure];
    await end(status, reason);
  }
}

/**
 * Rows as the brand's searches: the country in the app's codes (rows of an unknown country are left out), and a
 * query Google lists twice in a country (differing only in case) summed into one, as the table keys it.
 */
export function toReadQueries(rows: QueryRow[]): ReadQuery[] {
  const merged = new Map<string, ReadQuery>();
  for (const row of rows) {
    const country = countryOf(row.country);
    if (!country) continue;
    const key = `${country} ${row.query.toLowerCase()}`;
    const seen = merged.get(key);
    if (seen) {
      const impressions = seen.impressions + row.impressions;
      seen.position =
        impressions > 0
          ? (seen.position * seen.impressions + row.position * row.impressions) / impressions
          : seen.position;
      seen.clicks += row.clicks;
      seen.impressions = impressions;
      seen.ctr = impressions > 0 ? seen.clicks / impressions : 0;
      continue;
    }
    merged.set(key, {
      country,
      query: row.query,
      clicks: row.clicks,
      impressions: row.impressions,
      ctr: row.ctr,
      position: row.position,
    });
  }
  return [...merged.values()].map((k) => ({
    ...k,
    clicks: Math.min(k.clicks, 2_147_483_647),
    impressions: Math.min(k.impressions, 2_147_483_647),
  }));
}
