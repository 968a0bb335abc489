import type { JobContext, JobPayloads } from "../../kernel/job-queue";
import { hasLiveJob } from "../../kernel/live-jobs.repo";
import { contentKey } from "../../kernel/storage";
import type { WorkerDeps } from "../../kernel/worker-deps";
import { brandscopeUserAgent, safeFetch } from "../../lib/safe-fetch";
import { reencodePicture } from "../user";
import type { SocialPlatform } from "../website";
import { collectWebsite, noteWebsiteProblem, refreshArticles } from "../website";
import { findBrandById, setBrandStatus, updateBrandFacts, upsertSocialLinks } from "./brand.repo";

const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Collects a connected brand's website: its facts, logo and social links, and its articles (feed or sitemaps):
 * pending → in-progress → active, or error with a reason the user can act on. A retryable failure (timeout, 5xx)
 * is thrown so pg-boss tries again with back-off; the last try, or a refusal that no retry can fix (private
 * address, not HTML), ends in the error status. The daily re-read of a brand that is active already keeps it so
 * when the website fails that day: the failure shows as the website source's problem on the Data sources screen.
 */
export async function collectBrandJob(
  deps: WorkerDeps,
  data: JobPayloads["collect-brand"],
  job: JobContext,
): Promise<void> {
  const brand = await findBrandById(deps.db, { brandId: data.brandId });
  // Deleted meanwhile (reset, competitor removed): nothing to do.
  if (!brand || brand.sample) return;
  const quiet = data.daily === true && brand.status === "active";
  if (!quiet) await setBrandStatus(deps.db, { brandId: brand.id, status: "in-progress", reason: null });
  const fetchOptions = {
    allowPrivate: deps.config.websiteFetch.allowPrivate,
    allowPorts: deps.config.websiteFetch.allowPorts,
    userAgent: brandscopeUserAgent(deps.config.appUrl),
  };
  const site = await collectWebsite(brand.website, { ...fetchOptions, now: () => deps.clock.now() });
  if (!site.ok) {
    deps.log.warn({ brandId: brand.id, code: site.code, detail: site.detail }, "Website collection failed");
    const lastTry = job.retryCount >= job.retryLimit;
    if (quiet) {
      if (site.retryable && !lastTry) throw new Error(`Website collection failed: ${site.code}`);
      const problem = `The website could not be read on the last daily refresh: ${site.reason}.`;
      await noteWebsiteProblem(deps.db, { brandId: brand.id, problem, now: deps.clock.now() });
      return;
    }
    if (site.retryable && !lastTry) {
      await setBrandStatus(deps.db, {
        brandId: brand.id,
        status: "in-progress",
        reason: `Retrying: ${site.reason}`,
      });
      throw new Error(`Website collection failed: ${site.code}`);
    }
    await setBrandStatus(deps.db, { brandId: brand.id, status: "error", reason: site.reason });
    await noteWebsiteProblem(deps.db, { brandId: brand.id, problem: site.reason, now: deps.clock.now() });
    return;
  }
  const logo = site.logoUrl ? await storeLogo(deps, brand.id, site.logoUrl, fetchOptions) : undefined;
  await refreshArticles(deps.db, {
    brandId: brand.id,
    site: { url: site.finalUrl, feedUrls: site.feedUrls },
    fetch: fetchOptions,
    now: deps.clock.now(),
  });
  const found = Object.entries(site.socialLinks) as [SocialPlatform, string][];
  await deps.db.transaction(async (tx) => {
    await upsertSocialLinks(tx, {
      brandId: brand.id,
      links: found.map(([platform, url]) => ({ platform, url })),
      keepExisting: true,
    });
    await updateBrandFacts(tx, {
      brandId: brand.id,
      ...(logo ? { logo: logo.url } : {}),
      description: site.description ?? null,
      now: deps.clock.now(),
    });
    await setBrandStatus(tx, { brandId: brand.id, status: "active", reason: null });
  });
  // Once the brand names the new logo: until then, readers are still given the old one's URL.
  if (logo?.replaced) {
    await deps.storage
      .delete(logo.replaced)
      .catch((error: unknown) =>
        deps.log.warn({ brandId: brand.id, err: error }, "Could not remove the old logo"),
      );
  }
  await deps.jobs.enqueue("compute-brand", { brandId: brand.id });
}

/** What a brand whose collection could not finish shows (its cause is in the log, not for the user to fix). */
export const COLLECTION_FAILED_REASON =
  "We could not collect this brand's data. Please try again later, or contact support if it keeps failing.";

/**
 * pg-boss's dead letter of `collect-brand`: a collection that used up its retries on an error of ours (the
 * database, storage) rather than the website's, or whose worker died on its last try. The brand would otherwise
 * stay "in progress" for ever.
 */
export async function collectBrandFailedJob(
  deps: WorkerDeps,
  data: JobPayloads["collect-brand-failed"],
): Promise<void> {
  const brand = await findBrandById(deps.db, { brandId: data.brandId });
  if (!brand || brand.sample || brand.status === "active" || brand.status === "error") return;
  // The user started the collection again meanwhile: that one decides.
  if (await hasLiveJob(deps.db, { kind: "collect-brand", singletonKey: brand.id })) return;
  deps.log.error({ brandId: brand.id }, "A brand's collection failed on every try: marked as error");
  await setBrandStatus(deps.db, { brandId: brand.id, status: "error", reason: COLLECTION_FAILED_REASON });
  await noteWebsiteProblem(deps.db, {
    brandId: brand.id,
    problem: COLLECTION_FAILED_REASON,
    now: deps.clock.now(),
  });
}

/**
 * The site's logo, fetched with the same SSRF guard, re-encoded and stored under a key named after its bytes:
 * media is cached as immutable, so a changed logo must get a new URL, and an unchanged one keeps its URL. Also
 * names the brand's previous logo file, for the caller to remove once the brand points at the new one. A logo
 * that fails is just left out.
 */
async function storeLogo(
  deps: WorkerDeps,
  brandId: string,
  url: string,
  options: Parameters<typeof safeFetch>[1],
): Promise<{ url: string; replaced: string | undefined } | undefined> {
  try {
    const response = await safeFetch(url, { ...options, accept: ["image/*"], maxBytes: LOGO_MAX_BYTES });
    const image = await reencodePicture(response.body);
    const key = contentKey("logos", brandId, image, "webp");
    await deps.storage.put(key, image, "image/webp");
    const previous = (await findBrandById(deps.db, { brandId }))?.logo;
    // Only a file this brand's collection stored: logos/<brand>-<hash>.webp, or logos/<brand>.webp from before.
    const previousKey = previous ? /logos\/[\w.-]+$/.exec(previous)?.[0] : undefined;
    const replaced =
      previousKey &&
      previousKey !== key &&
      previousKey.startsWith(`logos/${brandId}`) &&
      deps.storage.urlOf(previousKey) === previous
        ? previousKey
        : undefined;
    return { url: deps.storage.urlOf(key), replaced };
  } catch (error) {
    deps.log.info({ brandId, err: error }, "The brand's logo could not be used");
    return undefined;
  }
}
