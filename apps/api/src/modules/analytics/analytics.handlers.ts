import type { Handlers } from "../../kernel/handler-types";
import { getPersona, listPersonas } from "./audience.service";
import { getCompetitorAnalytics } from "./competitor.service";
import { getContent } from "./content.service";
import { getDashboard } from "./dashboard.service";
import { exportDataset } from "./export.service";
import { getInfluencer, listInfluencers } from "./influencer.service";
import { getIntent, searchKeywords } from "./intent.service";
import { getSearches } from "./searches.service";

export const analyticsHandlers = {
  getDashboard: ({ ctx, query }) => getDashboard(ctx, query),
  getContent: ({ ctx, query }) => getContent(ctx, query),
  getCompetitorAnalytics: ({ ctx, query }) => getCompetitorAnalytics(ctx, query),
  listPersonas: ({ ctx, query }) => listPersonas(ctx, query),
  getPersona: ({ ctx, params }) => getPersona(ctx, params.id),
  listInfluencers: ({ ctx, query }) => listInfluencers(ctx, query),
  getInfluencer: ({ ctx, params }) => getInfluencer(ctx, params.id),
  getIntent: ({ ctx, query }) => getIntent(ctx, query),
  searchKeywords: ({ ctx, query }) => searchKeywords(ctx, query),
  getSearches: ({ ctx, query }) => getSearches(ctx, query),
  exportDataset: (req) => exportDataset(req),
} satisfies Handlers<
  | "getDashboard"
  | "getContent"
  | "getCompetitorAnalytics"
  | "listPersonas"
  | "getPersona"
  | "listInfluencers"
  | "getInfluencer"
  | "getIntent"
  | "searchKeywords"
  | "getSearches"
  | "exportDataset"
>;
