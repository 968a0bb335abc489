import type { Queryable } from "../../db/client";
import { type BrandWithLinks, findCompetitors, findCurrentBrand } from "../brand";

export interface ConnectorBrand {
  brand: BrandWithLinks;
  isOwnBrand: boolean;
  /** The brand's YouTube link, named by the user or found on its website. */
  channel: string | null;
  /** The brand's Instagram link (read by the Instagram connector). */
  instagram: string | null;
}

/**
 * The workspace's own brand (the chosen one, else its newest) and its competitors, with their YouTube and Instagram
 * links; none for a sample brand.
 */
export async function connectorBrands(
  db: Queryable,
  workspaceId: string,
  brandId?: string,
): Promise<ConnectorBrand[]> {
  const own = await findCurrentBrand(db, { workspaceId, brandId });
  if (!own || own.sample) return [];
  const competitors = await findCompetitors(db, { workspaceId, brandId: own.id });
  return [own, ...competitors].map((brand, index) => ({
    brand,
    isOwnBrand: index === 0,
    channel: brand.socialLinks.find((link) => link.platform === "youtube")?.url ?? null,
    instagram: brand.socialLinks.find((link) => link.platform === "instagram")?.url ?? null,
  }));
}
