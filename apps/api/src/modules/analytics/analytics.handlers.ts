import { notImplemented } from "../../http/errors";
import type { Handlers } from "../../http/handler-types";

export const analyticsHandlers = {
  getDashboard: notImplemented,
  getContent: notImplemented,
  getCompetitorAnalytics: notImplemented,
  listPersonas: notImplemented,
  getPersona: notImplemented,
  listInfluencers: notImplemented,
  getInfluencer: notImplemented,
  getIntent: notImplemented,
  searchKeywords: notImplemented,
  exportDataset: notImplemented,
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
  | "exportDataset"
>;
