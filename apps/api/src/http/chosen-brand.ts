import type { FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { AppError } from "../kernel/errors";
import { isOwnBrand } from "../modules/brand/brand.repo";
import { BRAND_HEADER } from "./contract";

/**
 * The brand a brand-scoped call chose with `X-Brand-Id`, checked once here for every such operation: it must be
 * one of the caller's workspace's own brands, else 404 `BRAND_NOT_FOUND` (the same answer whether it is another
 * workspace's or no brand at all, so nothing tells them apart). Undefined without the header: the services then
 * use the workspace's newest brand. Validation has already held the header to a uuid.
 */
export async function chosenBrandId(db: Db, request: FastifyRequest): Promise<string | undefined> {
  const brandId = request.headers[BRAND_HEADER];
  const workspaceId = request.auth?.workspaceId;
  if (typeof brandId !== "string" || !workspaceId) return undefined;
  if (await isOwnBrand(db, { workspaceId, brandId })) return brandId;
  throw new AppError("BRAND_NOT_FOUND", 404, "This brand is not one of your workspace's brands.");
}
