import { notImplemented } from "../../http/errors";
import type { Handlers } from "../../http/handler-types";

export const brandHandlers = {
  getBrand: notImplemented,
  createBrand: notImplemented,
  resetBrand: notImplemented,
  retryBrandCollection: notImplemented,
  listImports: notImplemented,
  createImport: notImplemented,
  listBrandCompetitors: notImplemented,
  addBrandCompetitor: notImplemented,
  removeBrandCompetitor: notImplemented,
} satisfies Handlers<
  | "getBrand"
  | "createBrand"
  | "resetBrand"
  | "retryBrandCollection"
  | "listImports"
  | "createImport"
  | "listBrandCompetitors"
  | "addBrandCompetitor"
  | "removeBrandCompetitor"
>;
