import isoCountries from "i18n-iso-countries";
import type { JobContext } from "../../kernel/job-queue";
import type { WorkerDeps } from "../../kernel/worker-deps";
import { findCurrentBrand } from "../brand";
import { type FailureCause, type SyncJobData, utcTimeOf } from "./connector-kit";
import { type ConnectorSync, failedWith, runConnectorSync } from "./connector-sync";
import { classifyGoogle } from "./google-failures";
import { SEARCH_CONSOLE, searchConsoleClientOf } from "./search-console.provider";
import { type ReadQuery, replaceConnectorSearches } from "./search-console.repo";
import type { QueryRow, SearchConsoleClient } from "./search-console-api";
import { readWindow } from "./search-console-sites";

/** The most rows searchAnalytics.query gives per call. */
export const ROW_LIMIT = 25_000;
/** The most rows a read keeps: two full pages, the long tail beyond adds little to a brand's demand. */
export const MAX_ROWS = 50_000;

/** Search Console's ISO alpha-3 ("gbr") as the app's alpha-2 ("GB"); null for "zzz" (unknown) and the like. */
export const countryOf = (alpha3: string): string | null =>
  isoCountries.alpha3ToAlpha2(alpha3.toUpperCase()) ?? null;

/**
 * Reads the brand's Search Console property (search-console.service.ts connects it) on the kit's sync job shape
 * (connector-sync.ts): the queries of the last 28 complete days by country, with their clicks, impressions, CTR and
 * position, stored as the brand's own searches (search_queries, never keywords: impressions are not search volume),
 * replacing the previous read; then the brand's figures are recomputed.
 */
export const SEARCH_CONSOLE_SYNC: ConnectorSync<SearchConsoleClient> = {
  descriptor: SEARCH_CONSOLE,
  async open(deps, { connection }) {
    const google = searchConsoleClientOf(deps.config);
    if (!connection.sealedCredential || !connection.property || !google) return undefined;
    return { client: google };
  },
  async read(deps, { owner, connection, now }, google) {
    const brand = await findCurrentBrand(deps.db, owner);
    if (!brand || brand.sample) {
      return {
        status: "error",
        reason: "Set up your brand first: Search Console queries are stored as its own searches.",
      };
    }
    const accessToken = await google.refresh(await deps.keys.seal.open(connection.sealedCredential ?? ""));
    const window = readWindow(now);
    const rows: QueryRow[] = [];
    let malformed = 0;
    for (let startRow = 0; startRow < MAX_ROWS; startRow += ROW_LIMIT) {
      const page = await google.queryPage(accessToken, {
        siteUrl: connection.property ?? "",
        ...window,
        startRow,
        rowLimit: Math.min(ROW_LIMIT, MAX_ROWS - startRow),
      });
      rows.push(...page.rows);
      malformed += page.malformed;
      if (page.received < ROW_LIMIT) break;
    }
    const stored = await deps.db.transaction(async (tx) => {
      const n = await replaceConnectorSearches(tx, {
        workspaceId: owner.workspaceId,
        brandId: brand.id,
        connectionId: connection.id,
        period: { from: window.startDate, to: window.endDate },
        rows: toReadQueries(rows),
      });
      await deps.jobs.enqueue("compute-brand", { brandId: brand.id }, { tx });
      return n;
    });
    deps.log.info(
      { workspaceId: owner.workspaceId, rows: rows.length, stored, malformed },
      "Search Console read",
    );
    return {
      status: "connected",
      reason:
        malformed > 0
          ? `${malformed} ${malformed === 1 ? "row" : "rows"} Search Console sent could not be read and ${malformed === 1 ? "was" : "were"} left out.`
          : null,
    };
  },
  classify: classifyGoogle,
  async failed(_deps, { connection, next }, failure) {
    const property = connection.property ?? "";
    const tryAgain = `Brandscope tries again at ${utcTimeOf(next)}.`;
    const sentence: Partial<Record<FailureCause, string>> = {
      token_expired:
        "Google no longer accepts Brandscope's access to Search Console (it was revoked or has expired): reconnect to read your queries again.",
      quota: `Search Console's quota is used up for now: Brandscope reads it again at ${utcTimeOf(next)}, or read again now in a few minutes.`,
      no_access: `Your Google account can no longer read ${property} in Search Console: ask its owner for access, or choose another property.`,
      unavailable: `Google did not answer: ${tryAgain}`,
    };
    // Search Console's v3 has no dated versions nor project approval: what else Google refuses is a refusal.
    const cause = failure.cause in sentence ? failure.cause : "refused";
    return failedWith(
      { ...failure, cause },
      sentence[cause] ?? `Search Console refused the request: ${tryAgain}`,
    );
  },
  quotaUsed: () => 0,
};

export const syncSearchConsoleJob = (deps: WorkerDeps, data: SyncJobData, job: JobContext) =>
  runConnectorSync(deps, data, job, SEARCH_CONSOLE_SYNC);

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
