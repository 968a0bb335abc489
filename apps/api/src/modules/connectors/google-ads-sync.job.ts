import type { ConnectorStatus, GoogleAdsCustomer } from "../../db/schema";
import { classifyIntent } from "../../domain/search-intent/classify-intent";
import type { JobContext } from "../../kernel/job-queue";
import type { WorkerDeps } from "../../kernel/worker-deps";
import { addMs, SECOND_MS } from "../../lib/clock";
import {
  cpcP75,
  DEFAULT_COUNTRY,
  findCurrentBrand,
  keywordCompetition,
  keywordCpc,
  keywordTrend,
} from "../brand";
import type { ClassedFailure, SyncJobData } from "./connector-kit";
import { type ConnectorSync, runConnectorSync } from "./connector-sync";
import { GOOGLE_ADS, googleAdsClientOf } from "./google-ads.provider";
import {
  applyPlannedKeywords,
  findSeedKeywords,
  type PlannedKeyword,
  setCustomers,
  setRateLimitedUntil,
} from "./google-ads.repo";
import {
  GOOGLE_ADS_API_VERSION,
  type GoogleAdsClient,
  GoogleAdsQuotaError,
  type KeywordMetrics,
} from "./google-ads-api";
import { planningTarget } from "./google-ads-geo";
import { classifyGoogle } from "./google-failures";

/** The brand's own keywords a read asks about (besides the brand's name): its most searched hundred. */
export const SEED_LIMIT = 100;
/** Google Ads refuses a keyword longer than 80 characters or of more than 10 words (KeywordPlanIdeaService). */
const MAX_KEYWORD_CHARS = 80;
const MAX_KEYWORD_WORDS = 10;

export const timeOf = (date: Date) => `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** Why no account is read yet, once Google listed the user's accounts and none or several came. */
export const chooseReason = (customers: GoogleAdsCustomer[]) =>
  customers.length === 0
    ? "This Google account has no Google Ads account: connect the Google account that uses Google Ads."
    : "Choose the Google Ads account whose keyword planning Brandscope reads.";

/**
 * A failed call as the status the Data sources screen shows and its sentence, saying whose it is to act: the
 * user's (reconnect, ask for access, choose another account) or the operator's (this server's API version, its
 * Google Cloud project), so that the operator's is never shown as the user's lost access. Google's quota is the
 * job's own (a date to wait for).
 */
export function failureOutcome(
  failure: Pick<ClassedFailure, "cause" | "code">,
  p: { customerId: string | null; next: string },
): [ConnectorStatus, string] {
  const code = failure.code;
  const account = p.customerId ? `the Google Ads account ${p.customerId}` : "your Google Ads accounts";
  const kept = `Your connection is kept: Brandscope tries again at ${p.next}.`;
  switch (failure.cause) {
    case "token_expired":
      return [
        "token_expired",
        "Google no longer accepts Brandscope's access to Google Ads (it was revoked or has expired): reconnect to read keyword planning again.",
      ];
    case "version_sunset":
      return [
        "version_sunset",
        `Google Ads no longer serves the API version this server calls (${GOOGLE_ADS_API_VERSION.version}): Brandscope's operator must update Brandscope. ${kept}`,
      ];
    case "project_not_approved":
      return [
        "project_not_approved",
        code === "SERVICE_DISABLED" || code === "PROJECT_DISABLED"
          ? `The Google Ads API is not enabled in this server's Google Cloud project: Brandscope's operator must enable it. ${kept}`
          : code?.startsWith("DEVELOPER_TOKEN_") && code !== "DEVELOPER_TOKEN_NOT_APPROVED"
            ? `Google Ads refuses this server's developer token, which it no longer needs: Brandscope's operator must remove GOOGLE_ADS_DEVELOPER_TOKEN. ${kept}`
            : `Google has approved this server's Google Cloud project for Google Ads test accounts only: Brandscope's operator must apply for Explorer or Basic access on the Google Ads API page of its Cloud console. ${kept}`,
      ];
    case "no_access":
      return [
        "no_access",
        code === "ACTION_NOT_PERMITTED"
          ? `Your Google account's access to ${account} does not allow keyword planning: ask its administrator for a higher access level, or choose another account.`
          : code === "ACTION_NOT_PERMITTED_FOR_SUSPENDED_ACCOUNT"
            ? `Google refuses keyword planning on ${account}, which is suspended: choose another account.`
            : `Your Google account can no longer use ${account}: ask its administrator for access, or choose another account.`,
      ];
    case "quota":
      return ["quota_exhausted", `Google Ads' quota for this server is used up: ${kept}`];
    case "refused":
    // Google Ads answers neither for a permission nor for a key: a request refused.
    case "permission_missing":
    case "key_rejected":
    case "rate_limited":
      return ["error", `Google Ads refused the request: Brandscope tries again at ${p.next}.`];
    case "unavailable":
      return ["error", `Google did not answer: Brandscope tries again at ${p.next}.`];
  }
}

/** The keywords sent: the brand's name first, then its own keywords, each once and within Google's limits. */
export function seedKeywords(brandName: string, own: string[]): string[] {
  const seen = new Set<string>();
  return [brandName, ...own]
    .map((k) => k.trim().replace(/\s+/g, " "))
    .filter((k) => {
      const key = k.toLowerCase();
      if (
        k === "" ||
        k.length > MAX_KEYWORD_CHARS ||
        k.split(" ").length > MAX_KEYWORD_WORDS ||
        seen.has(key)
      )
        return false;
      seen.add(key);
      return true;
    })
    .slice(0, SEED_LIMIT + 1);
}

/**
 * Google's figures as keyword rows: the CPC is the middle of the top-of-page bid range (micros → currency units),
 * as for an imported Keyword Planner export (keywordCpc), so that both sources rank alike; competition is the
 * indexed value / 100; the trend the 12 monthly volumes; the intent classified with this read's CPC percentile.
 * A keyword Google has no figure for at all is left out.
 */
export function toPlannedKeywords(metrics: KeywordMetrics[], brandName: string): PlannedKeyword[] {
  const priced = metrics
    .filter(
      (m) =>
        m.avgMonthlySearches !== null ||
        m.lowTopOfPageBidMicros !== null ||
        m.highTopOfPageBidMicros !== null ||
        m.competitionIndex !== null,
    )
    .map((m) => ({
      m,
      cpc: keywordCpc({
        cpcLow: m.lowTopOfPageBidMicros === null ? null : m.lowTopOfPageBidMicros / 1_000_000,
        cpcHigh: m.highTopOfPageBidMicros === null ? null : m.highTopOfPageBidMicros / 1_000_000,
      }),
      competition: keywordCompetition({ competition: m.competition, competitionIndex: m.competitionIndex }),
    }));
  const p75 = cpcP75(priced.flatMap((k) => (k.cpc === null ? [] : [k.cpc])));
  return priced.map(({ m, cpc, competition }) => ({
    keyword: m.text,
    volume: m.avgMonthlySearches === null ? null : Math.min(m.avgMonthlySearches, 2_147_483_647),
    cpc,
    competition,
    ...keywordTrend({ monthly: m.monthly }),
    intent: classifyIntent(m.text, [brandName], cpc, competition, p75).primary,
  }));
}

/**
 * Reads Google Ads keyword planning for the brand (google-ads.service.ts connects it) on the kit's sync job shape
 * (connector-sync.ts): the historical metrics of its own keywords and its name in its country, stored on its keyword
 * rows (volume, CPC, competition, trend; google-ads.repo.ts says which rows), then the brand's figures are
 * recomputed. A spent quota asks Google nothing until the date Google gave.
 */
export const GOOGLE_ADS_SYNC: ConnectorSync<GoogleAdsClient> = {
  descriptor: GOOGLE_ADS,
  async open(deps, { connection, now }) {
    const google = googleAdsClientOf(deps.config);
    if (!connection.sealedCredential || !google) return undefined;
    // Accounts listed and none chosen: the user's choice is awaited (none listed: this read lists them).
    if (!connection.property && (connection.customers ?? []).length > 0) return undefined;
    // A spent quota: the daily refresh still queues the read, which asks Google nothing until Google's date.
    if (connection.rateLimitedUntil && connection.rateLimitedUntil > now) return undefined;
    return { client: google };
  },
  async read(deps, { owner, connection, now }, google) {
    const brand = await findCurrentBrand(deps.db, owner);
    if (!brand || brand.sample) {
      return {
        status: "error",
        reason: "Set up your brand first: Google Ads figures are stored on its keywords.",
      };
    }
    const country = brand.country ?? DEFAULT_COUNTRY;
    const accessToken = await google.refresh(await deps.keys.seal.open(connection.sealedCredential ?? ""));
    let customerId = connection.property;
    if (!customerId) {
      // The accounts Google could not list at connect (not the user's failure), listed now.
      const customers = await google.describedCustomers(accessToken);
      customerId = customers.length === 1 ? (customers[0]?.id ?? null) : null;
      await setCustomers(deps.db, { id: connection.id, customers, customerId });
      if (!customerId) return { status: "choose_property", reason: chooseReason(customers) };
    }
    const customer = await google.customer(accessToken, customerId);
    const seeds = seedKeywords(
      brand.name,
      await findSeedKeywords(deps.db, { brandId: brand.id, limit: SEED_LIMIT }),
    );
    const read = await google.historicalMetrics(accessToken, {
      customerId,
      keywords: seeds,
      ...planningTarget(country),
    });
    const planned = toPlannedKeywords(read.keywords, brand.name);
    const written = await deps.db.transaction(async (tx) => {
      const n = await applyPlannedKeywords(tx, {
        brandId: brand.id,
        country,
        currency: customer.currency ?? "USD",
        at: now,
        rows: planned,
      });
      await deps.jobs.enqueue("compute-brand", { brandId: brand.id }, { tx });
      return n;
    });
    await setRateLimitedUntil(deps.db, { id: connection.id, until: null });
    deps.log.info(
      {
        workspaceId: owner.workspaceId,
        seeds: seeds.length,
        planned: planned.length,
        written,
        malformed: read.malformed,
        unmatched: read.unmatched,
      },
      "Google Ads keyword planning read",
    );
    return {
      status: "connected",
      reason:
        read.malformed > 0
          ? `${read.malformed} ${read.malformed === 1 ? "keyword" : "keywords"} Google Ads sent could not be read and ${read.malformed === 1 ? "was" : "were"} left out.`
          : null,
    };
  },
  classify: classifyGoogle,
  async failed(deps, { connection, now, next }, failure) {
    if (failure.error instanceof GoogleAdsQuotaError) {
      const seconds = failure.error.retryAfterSeconds;
      const asked = seconds === null ? null : addMs(now, seconds * SECOND_MS);
      const until = asked && asked > next ? asked : next;
      await setRateLimitedUntil(deps.db, { id: connection.id, until });
      return {
        status: "quota_exhausted",
        reason: `Google Ads' quota for this server is used up: Brandscope reads it again after ${timeOf(until)}.`,
      };
    }
    const [status, reason] = failureOutcome(failure, { customerId: connection.property, next: timeOf(next) });
    return { status, reason };
  },
  quotaUsed: () => 0,
};

export const syncGoogleAdsJob = (deps: WorkerDeps, data: SyncJobData, job: JobContext) =>
  runConnectorSync(deps, data, job, GOOGLE_ADS_SYNC);
