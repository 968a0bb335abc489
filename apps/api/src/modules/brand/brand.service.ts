import type { components } from "@brandscope/api-client/schema";
import type { Tx } from "../../db/client";
import type { SocialNetwork } from "../../db/schema";
import { signedIn, workspaceOf } from "../../kernel/caller";
import { AppError, requiredText } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { findUserById } from "../accounts";
import { limitRequests } from "../auth";
import { planOf, workspacePlan } from "../billing";
import { industryExists, isKnownCountry } from "../system";
import { toWebsiteUrl } from "../website";
import {
  countCompetitors,
  findCompetitors,
  findCurrentBrand,
  findOwnBrands,
  findSampleCatalogue,
  insertBrand,
  isOwnBrand,
  linkCompetitors,
  linkOwnBrand,
  lockWorkspaceBrands,
  removeAllBrands,
  removeCompetitor,
  removeOwnBrand,
  replaceSocialLinks,
  setBrandStatus,
  updateBrandDetails,
} from "./brand.repo";
import {
  callerBrand,
  currentBrandOrNotFound,
  noBrand,
  RETRY_COLLECTION_LIMIT,
  toBrand,
} from "./current-brand";

type Schemas = components["schemas"];

export async function getBrand(ctx: RequestCtx): Promise<Schemas["BrandResponse"]> {
  const brand = await callerBrand(ctx);
  return { brand: brand ? toBrand(brand) : null };
}

export async function listBrands(ctx: RequestCtx): Promise<Schemas["BrandList"]> {
  const workspaceId = workspaceOf(ctx);
  const { limits } = await workspacePlan(ctx.db, { workspaceId, now: ctx.clock.now() });
  const brands = await findOwnBrands(ctx.db, { workspaceId });
  return { brands: brands.map(toBrand), limit: Number.isFinite(limits.brands) ? limits.brands : null };
}

/**
 * A brand past the plan's limit is refused (docs/decisions.md "Plan limits"); `replacing` is the brand the new one
 * takes the place of, which does not count.
 */
async function checkBrandLimit(
  tx: Tx,
  p: { workspaceId: string; plan: Schemas["PlanType"]; limit: number; replacing: boolean },
) {
  const count = (await findOwnBrands(tx, { workspaceId: p.workspaceId })).length - (p.replacing ? 1 : 0);
  if (count < p.limit) return;
  throw new AppError(
    "PLAN_LIMIT",
    402,
    `Your ${planOf(p.plan).name} plan includes ${p.limit === 1 ? "1 brand" : `${p.limit} brands`}. Upgrade to Enterprise to add more.`,
  );
}

const normaliseUrl = (url: string) => new URL(toWebsiteUrl(url)).href;

/** The platforms a brand form names (BrandSocialLinkInput) and the domains of their links. */
const PLATFORM_DOMAINS: Record<Schemas["BrandSocialLinkInput"]["socialPlatform"], string[]> = {
  facebook: ["facebook.com", "fb.com"],
  instagram: ["instagram.com"],
  tiktok: ["tiktok.com"],
};
const FORM_PLATFORMS = Object.keys(PLATFORM_DOMAINS) as SocialNetwork[];

function checkSocialLinks(links: Schemas["BrandSocialLinkInput"][]) {
  const seen = new Set<string>();
  const details: { path: string; message: string }[] = [];
  links.forEach((link, index) => {
    if (seen.has(link.socialPlatform)) {
      details.push({ path: `/socialLinks/${index}/socialPlatform`, message: "Each platform must be unique" });
    }
    seen.add(link.socialPlatform);
    const host = new URL(link.socialLink).hostname.replace(/^www\./, "");
    const expected = PLATFORM_DOMAINS[link.socialPlatform];
    if (!expected.some((domain) => host === domain || host.endsWith(`.${domain}`))) {
      details.push({
        path: `/socialLinks/${index}/socialLink`,
        message: "The link must match the selected platform",
      });
    }
  });
  if (details.length > 0) {
    throw new AppError("VALIDATION_FAILED", 400, details[0]?.message ?? "Invalid social links", details);
  }
  return links.map((l) => ({ platform: l.socialPlatform as SocialNetwork, url: l.socialLink }));
}

/**
 * Connects a brand: the sample brand with its competitors (as many as the plan allows), or the user's own, whose
 * collection starts in the background. It is added to the workspace's brands within the plan's limit; with
 * `replace` it takes the place of the brand the call is about, competitors and data included (onboarding choosing
 * again).
 */
export async function createBrand(
  ctx: RequestCtx,
  body: Schemas["CreateBrandRequest"],
  replace = false,
): Promise<Schemas["Brand"]> {
  const workspaceId = workspaceOf(ctx);
  const { plan, limits } = await workspacePlan(ctx.db, { workspaceId, now: ctx.clock.now() });
  const now = ctx.clock.now();

  if ("sample" in body) {
    const sample = await findSampleCatalogue(ctx.db);
    if (!sample) {
      throw new AppError(
        "SAMPLE_UNAVAILABLE",
        503,
        "The sample data is still loading. Try again in a minute.",
      );
    }
    await ctx.db.transaction(async (tx) => {
      // What is connected now is read under the lock: two requests at once connect one brand after the other.
      await lockWorkspaceBrands(tx, { workspaceId });
      const current = await callerBrand(ctx, tx);
      // Choosing Sample twice (a double submit, or onboarding again) keeps the one already linked.
      if (current?.id === sample.focusBrandId) return;
      if (await isOwnBrand(tx, { workspaceId, brandId: sample.focusBrandId })) {
        throw new AppError("CONFLICT", 409, "The sample brand is already one of your brands.");
      }
      const replacing = replace && current !== undefined;
      await checkBrandLimit(tx, { workspaceId, plan, limit: limits.brands, replacing });
      if (replacing) await removeOwnBrand(tx, { workspaceId, brandId: current.id });
      await linkOwnBrand(tx, { workspaceId, brandId: sample.focusBrandId, now });
      await linkCompetitors(tx, {
        workspaceId,
        brandId: sample.focusBrandId,
        competitorIds: sample.competitorIds.slice(0, limits.competitorsPerBrand),
        now,
      });
    });
    const brand = await findCurrentBrand(ctx.db, { workspaceId, brandId: sample.focusBrandId });
    if (!brand) throw new Error("The sample brand was not linked");
    ctx.log.info({ workspaceId, plan }, "Sample brand connected");
    return toBrand(brand);
  }

  const name = requiredText(body.brandName, "/brandName", "Brand name is required");
  if (body.industry !== undefined) await checkIndustry(ctx, body.industry);
  const socialLinks = checkSocialLinks(body.socialLinks);
  const website = normaliseUrl(body.websiteUrl);
  const user = await findUserById(ctx.db, { userId: signedIn(ctx).userId, workspaceId });
  const brand = await ctx.db.transaction(async (tx) => {
    await lockWorkspaceBrands(tx, { workspaceId });
    const current = await callerBrand(ctx, tx);
    const replacing = replace && current !== undefined;
    await checkBrandLimit(tx, { workspaceId, plan, limit: limits.brands, replacing });
    if (replacing) await removeOwnBrand(tx, { workspaceId, brandId: current.id });
    const created = await insertBrand(tx, {
      workspaceId,
      name,
      website,
      country: body.country,
      industry: body.industry ?? user?.industry ?? null,
      socialLinks,
      now,
    });
    await linkOwnBrand(tx, { workspaceId, brandId: created.id, now });
    // In the transaction: a brand is never stored without the job that collects it (nor the job without it).
    await ctx.jobs.enqueue("collect-brand", { brandId: created.id }, { tx });
    return created;
  });
  ctx.log.info({ workspaceId, brandId: brand.id }, "Own brand connected; collection queued");
  return toBrand(brand);
}

/** An industry must be one of GET /industries: the industry filters of the modules name them. */
async function checkIndustry(ctx: RequestCtx, industry: string) {
  if (await industryExists(ctx.db, { id: industry })) return;
  throw new AppError("VALIDATION_FAILED", 400, "industry: Choose an industry from the list", [
    { path: "/industry", message: "Choose an industry from the list" },
  ]);
}

/**
 * Corrects the workspace's own brand: its name, industry or main market. A new industry or country changes the
 * market its own keywords and creators are read in, so the brand's figures are recomputed (in the same transaction
 * as the change, as a job). The sample brand is shared by every workspace and cannot be changed.
 */
export async function updateBrand(
  ctx: RequestCtx,
  body: Schemas["UpdateBrandRequest"],
): Promise<Schemas["Brand"]> {
  const workspaceId = workspaceOf(ctx);
  const name =
    body.brandName === undefined
      ? undefined
      : requiredText(body.brandName, "/brandName", "Brand name is required");
  if (body.industry !== undefined) await checkIndustry(ctx, body.industry);
  if (body.country !== undefined && !isKnownCountry(body.country)) {
    throw new AppError("VALIDATION_FAILED", 400, "country: Choose a country from the list", [
      { path: "/country", message: "Choose a country from the list" },
    ]);
  }
  const website = body.websiteUrl === undefined ? undefined : normaliseUrl(body.websiteUrl);
  const socialLinks = body.socialLinks === undefined ? undefined : checkSocialLinks(body.socialLinks);
  const brand = await currentBrandOrNotFound(ctx);
  if (brand.sample) {
    throw new AppError(
      "SAMPLE_BRAND",
      400,
      "The sample brand cannot be changed: connect your own brand to set its name, website, industry and country.",
    );
  }
  const marketChanged =
    (body.industry !== undefined && body.industry !== brand.industry) ||
    (body.country !== undefined && body.country !== brand.country);
  const websiteChanged = website !== undefined && website !== brand.website;
  await ctx.db.transaction(async (tx) => {
    await updateBrandDetails(tx, {
      brandId: brand.id,
      name,
      industry: body.industry,
      country: body.country,
      website,
      now: ctx.clock.now(),
    });
    if (socialLinks) {
      await replaceSocialLinks(tx, { brandId: brand.id, platforms: FORM_PLATFORMS, links: socialLinks });
    }
    if (websiteChanged) {
      // The new site is read as a new brand's would be; its collection recomputes the figures too.
      await setBrandStatus(tx, { brandId: brand.id, status: "pending", reason: null });
      await ctx.jobs.enqueue("collect-brand", { brandId: brand.id }, { tx });
    } else if (marketChanged) {
      await ctx.jobs.enqueue("compute-brand", { brandId: brand.id }, { tx });
    }
  });
  ctx.log.info({ workspaceId, brandId: brand.id, marketChanged, websiteChanged }, "Brand corrected");
  return toBrand(await currentBrandOrNotFound(ctx));
}

/**
 * Removes one of the workspace's brands with its competitors and their data (figures, imports, sources and jobs
 * go by cascade); the last one stays, since the modules need a brand: resetBrand starts onboarding again instead.
 */
export async function deleteBrand(ctx: RequestCtx, brandId: string): Promise<undefined> {
  const workspaceId = workspaceOf(ctx);
  await ctx.db.transaction(async (tx) => {
    await lockWorkspaceBrands(tx, { workspaceId });
    const brands = await findOwnBrands(tx, { workspaceId });
    if (!brands.some((b) => b.id === brandId)) {
      throw new AppError("BRAND_NOT_FOUND", 404, "This brand is not one of your workspace's brands.");
    }
    if (brands.length === 1) {
      throw new AppError(
        "LAST_BRAND",
        409,
        "This is your only brand: connect another one first, or start over from the brand settings.",
      );
    }
    await removeOwnBrand(tx, { workspaceId, brandId });
  });
  ctx.log.info({ workspaceId, brandId }, "Brand removed");
  return undefined;
}

export async function resetBrand(ctx: RequestCtx): Promise<Schemas["Message"]> {
  const workspaceId = workspaceOf(ctx);
  await ctx.db.transaction((tx) => removeAllBrands(tx, { workspaceId }));
  return { message: "Your brand and its competitors were disconnected." };
}

export async function retryBrandCollection(ctx: RequestCtx): Promise<Schemas["Brand"]> {
  const brand = await currentBrandOrNotFound(ctx);
  if (brand.sample) return toBrand(brand);
  await limitRequests(
    ctx,
    { key: `collect:${brand.id}`, ...RETRY_COLLECTION_LIMIT },
    (wait) => `The collection was started again a moment ago. You can start it again in ${wait}.`,
  );
  await ctx.db.transaction(async (tx) => {
    await setBrandStatus(tx, { brandId: brand.id, status: "pending", reason: null });
    await ctx.jobs.enqueue("collect-brand", { brandId: brand.id }, { tx });
  });
  return toBrand({ ...brand, status: "pending", statusReason: null });
}

export async function listBrandCompetitors(ctx: RequestCtx): Promise<Schemas["BrandCompetitorList"]> {
  const workspaceId = workspaceOf(ctx);
  const { limits } = await workspacePlan(ctx.db, { workspaceId, now: ctx.clock.now() });
  const brand = await findCurrentBrand(ctx.db, { workspaceId, brandId: ctx.brandId });
  const competitors = brand ? await findCompetitors(ctx.db, { workspaceId, brandId: brand.id }) : [];
  return { competitors: competitors.map(toBrand), limit: limits.competitorsPerBrand };
}

export async function addBrandCompetitor(
  ctx: RequestCtx,
  body: Schemas["AddCompetitorRequest"],
): Promise<Schemas["Brand"]> {
  const workspaceId = workspaceOf(ctx);
  const { plan, limits } = await workspacePlan(ctx.db, { workspaceId, now: ctx.clock.now() });
  const name = requiredText(body.brandName, "/brandName", "Brand name is required");
  const socialLinks = checkSocialLinks(body.socialLinks ?? []);
  const competitor = await ctx.db.transaction(async (tx) => {
    await lockWorkspaceBrands(tx, { workspaceId });
    // Under the lock: a brand connected meanwhile may have replaced the one the request began with.
    const brand = await callerBrand(ctx, tx);
    if (!brand) throw noBrand();
    const count = await countCompetitors(tx, { workspaceId, brandId: brand.id });
    if (count >= limits.competitorsPerBrand) {
      const planName = planOf(plan).name;
      const allowed =
        limits.competitorsPerBrand === 1 ? "1 competitor" : `${limits.competitorsPerBrand} competitors`;
      throw new AppError(
        "PLAN_LIMIT",
        402,
        `Your ${planName} plan allows ${allowed}. Remove one or upgrade your plan to add another.`,
      );
    }
    const created = await insertBrand(tx, {
      workspaceId,
      name,
      website: normaliseUrl(body.websiteUrl),
      country: body.country ?? brand.country,
      industry: brand.industry,
      socialLinks,
      now: ctx.clock.now(),
    });
    await linkCompetitors(tx, {
      workspaceId,
      brandId: brand.id,
      competitorIds: [created.id],
      now: ctx.clock.now(),
    });
    await ctx.jobs.enqueue("collect-brand", { brandId: created.id }, { tx });
    // The brand's competitor figures now miss one company. The sample brand's figures are shared by every workspace
    // on it and rest on the sample alone: one workspace's competitor must not store them anew for all.
    if (!brand.sample) await ctx.jobs.enqueue("compute-brand", { brandId: brand.id }, { tx });
    return created;
  });
  return toBrand(competitor);
}

export async function removeBrandCompetitor(ctx: RequestCtx, competitorId: string): Promise<undefined> {
  const workspaceId = workspaceOf(ctx);
  const brand = await currentBrandOrNotFound(ctx);
  const removed = await ctx.db.transaction((tx) =>
    removeCompetitor(tx, { workspaceId, brandId: brand.id, competitorId }),
  );
  if (!removed)
    throw new AppError("NOT_FOUND", 404, "This competitor is not among your brand's competitors.");
  return undefined;
}
