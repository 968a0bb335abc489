import type { Handlers } from "../../kernel/handler-types";
import {
  addBrandCompetitor,
  createBrand,
  deleteBrand,
  getBrand,
  listBrandCompetitors,
  listBrands,
  removeBrandCompetitor,
  resetBrand,
  retryBrandCollection,
  updateBrand,
} from "./brand.service";
import { commitImport, createImport, deleteImport, listImports } from "./imports.service";

export const brandHandlers = {
  getBrand: ({ ctx }) => getBrand(ctx),
  createBrand: ({ ctx, body, query }) => createBrand(ctx, body, query.replace),
  listBrands: ({ ctx }) => listBrands(ctx),
  deleteBrand: ({ ctx, params }) => deleteBrand(ctx, params.id),
  updateBrand: ({ ctx, body }) => updateBrand(ctx, body),
  resetBrand: ({ ctx }) => resetBrand(ctx),
  retryBrandCollection: ({ ctx }) => retryBrandCollection(ctx),
  listImports: ({ ctx }) => listImports(ctx),
  createImport: ({ ctx, request }) => createImport(ctx, request),
  deleteImport: ({ ctx, params }) => deleteImport(ctx, params.id),
  commitImport: ({ ctx, params }) => commitImport(ctx, params.id),
  listBrandCompetitors: ({ ctx }) => listBrandCompetitors(ctx),
  addBrandCompetitor: ({ ctx, body }) => addBrandCompetitor(ctx, body),
  removeBrandCompetitor: ({ ctx, params }) => removeBrandCompetitor(ctx, params.id),
} satisfies Handlers<
  | "getBrand"
  | "createBrand"
  | "listBrands"
  | "deleteBrand"
  | "updateBrand"
  | "resetBrand"
  | "retryBrandCollection"
  | "listImports"
  | "createImport"
  | "deleteImport"
  | "commitImport"
  | "listBrandCompetitors"
  | "addBrandCompetitor"
  | "removeBrandCompetitor"
>;
