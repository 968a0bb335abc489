import type { Handlers } from "../../kernel/handler-types";
import { listWebsiteSources, refreshWebsiteSource } from "./websites.service";
import { connectYoutube, disconnectYoutube, getYoutubeConnector, refreshYoutube } from "./youtube.service";

export const connectorHandlers = {
  getYoutubeConnector: ({ ctx }) => getYoutubeConnector(ctx),
  connectYoutube: ({ ctx, body }) => connectYoutube(ctx, body),
  refreshYoutube: ({ ctx }) => refreshYoutube(ctx),
  disconnectYoutube: ({ ctx }) => disconnectYoutube(ctx),
  listWebsiteSources: ({ ctx }) => listWebsiteSources(ctx),
  refreshWebsiteSource: ({ ctx, params }) => refreshWebsiteSource(ctx, params.brandId),
} satisfies Handlers<
  | "getYoutubeConnector"
  | "connectYoutube"
  | "refreshYoutube"
  | "disconnectYoutube"
  | "listWebsiteSources"
  | "refreshWebsiteSource"
>;
