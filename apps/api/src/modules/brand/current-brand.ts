import type { components } from "@brandscope/api-client/schema";
import type { Queryable } from "../../db/client";
import { workspaceOf } from "../../kernel/caller";
import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { MINUTE_MS } from "../../lib/clock";
import { type BrandWithLinks, findCurrentBrand } from "./brand.repo";

// Which brand a call is about, and how a brand is answered: apart from brand.service.ts so that the modules that
// need only these (through index.ts) do not load the brand rules' own imports, the figures worker among them.

type Schemas = components["schemas"];

export function toBrand(row: BrandWithLinks): Schemas["Brand"] {
  return {
    id: row.id,
    name: row.name,
    website: row.website,
    country: row.country,
    industry: row.industry,
    logo: row.logo,
    sample: row.sample,
    status: row.status,
    statusReason: row.statusReason,
    socialLinks: row.socialLinks,
    createdAt: row.createdAt.toISOString(),
  };
}

export const noBrand = () =>
  new AppError("NO_BRAND", 404, "Connect a brand first: no brand is connected yet.");

/** The brand the call is about: the one the caller chose (X-Brand-Id, checked by http/chosen-brand.ts), else the newest. */
export const callerBrand = (ctx: RequestCtx, db: Queryable = ctx.db) =>
  findCurrentBrand(db, { workspaceId: workspaceOf(ctx), brandId: ctx.brandId });

export async function currentBrandOrNotFound(ctx: RequestCtx): Promise<BrandWithLinks> {
  const brand = await callerBrand(ctx);
  if (!brand) throw noBrand();
  return brand;
}

/** A collection fetches a website and recomputes the brand's figures: a few per quarter hour. */
export const RETRY_COLLECTION_LIMIT = { windowMs: 15 * MINUTE_MS, max: 3 };
