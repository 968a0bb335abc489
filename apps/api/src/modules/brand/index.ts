// What other modules may use of brand (docs/architecture.md "Module faces"); the rest of the folder is its own.
// What comes from a *.repo.ts file is a repository read or write other modules call directly, named one by one.

export {
  type BrandRow,
  type BrandWithLinks,
  findBrandById,
  findCompetitorNames,
  findCompetitors,
  findCurrentBrand,
  findSampleCatalogue,
  replaceSocialLinks,
  type SocialLinkRow,
} from "./brand.repo";
export { currentBrandOrNotFound, RETRY_COLLECTION_LIMIT, toBrand } from "./current-brand";
export {
  cpcP75,
  DEFAULT_COUNTRY,
  keywordCompetition,
  keywordCpc,
  keywordTrend,
  type PostValues,
  URL_FROM_ID,
} from "./import-rows";
export { importedRowsOf } from "./imports.repo";
