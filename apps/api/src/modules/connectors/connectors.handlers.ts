import type { Handlers } from "../../kernel/handler-types";
import {
  authorizeGoogleAds,
  disconnectGoogleAds,
  getGoogleAdsConnector,
  receiveGoogleAdsCallback,
  refreshGoogleAds,
  selectGoogleAdsCustomer,
} from "./google-ads.service";
import {
  authorizeInstagram,
  disconnectInstagram,
  getInstagramConnector,
  receiveInstagramCallback,
  refreshInstagram,
  selectInstagramAccount,
} from "./instagram.service";
import {
  authorizeSearchConsole,
  disconnectSearchConsole,
  getSearchConsoleConnector,
  receiveSearchConsoleCallback,
  refreshSearchConsole,
  selectSearchConsoleProperty,
} from "./search-console.service";
import { getSourceHealth } from "./source-health.service";
import { listWebsiteSources, refreshWebsiteSource } from "./websites.service";
import { connectYoutube, disconnectYoutube, getYoutubeConnector, refreshYoutube } from "./youtube.service";

export const connectorHandlers = {
  getYoutubeConnector: ({ ctx }) => getYoutubeConnector(ctx),
  connectYoutube: ({ ctx, body }) => connectYoutube(ctx, body),
  refreshYoutube: ({ ctx }) => refreshYoutube(ctx),
  disconnectYoutube: ({ ctx }) => disconnectYoutube(ctx),
  getSearchConsoleConnector: ({ ctx }) => getSearchConsoleConnector(ctx),
  authorizeSearchConsole: ({ ctx, reply }) => authorizeSearchConsole(ctx, reply),
  receiveSearchConsoleCallback: async ({ ctx, query, request, reply }) => {
    const cookieHeader = request.headers.cookie;
    await reply.redirect(await receiveSearchConsoleCallback(ctx, { query, cookieHeader }), 303);
  },
  selectSearchConsoleProperty: ({ ctx, body }) => selectSearchConsoleProperty(ctx, body),
  refreshSearchConsole: ({ ctx }) => refreshSearchConsole(ctx),
  disconnectSearchConsole: ({ ctx }) => disconnectSearchConsole(ctx),
  getInstagramConnector: ({ ctx }) => getInstagramConnector(ctx),
  authorizeInstagram: ({ ctx, reply }) => authorizeInstagram(ctx, reply),
  receiveInstagramCallback: async ({ ctx, query, request, reply }) => {
    const cookieHeader = request.headers.cookie;
    await reply.redirect(await receiveInstagramCallback(ctx, { query, cookieHeader }), 303);
  },
  selectInstagramAccount: ({ ctx, body }) => selectInstagramAccount(ctx, body),
  refreshInstagram: ({ ctx }) => refreshInstagram(ctx),
  disconnectInstagram: ({ ctx }) => disconnectInstagram(ctx),
  getGoogleAdsConnector: ({ ctx }) => getGoogleAdsConnector(ctx),
  authorizeGoogleAds: ({ ctx, reply }) => authorizeGoogleAds(ctx, reply),
  receiveGoogleAdsCallback: async ({ ctx, query, request, reply }) => {
    const cookieHeader = request.headers.cookie;
    await reply.redirect(await receiveGoogleAdsCallback(ctx, { query, cookieHeader }), 303);
  },
  selectGoogleAdsCustomer: ({ ctx, body }) => selectGoogleAdsCustomer(ctx, body),
  refreshGoogleAds: ({ ctx }) => refreshGoogleAds(ctx),
  disconnectGoogleAds: ({ ctx }) => disconnectGoogleAds(ctx),
  listWebsiteSources: ({ ctx }) => listWebsiteSources(ctx),
  refreshWebsiteSource: ({ ctx, params }) => refreshWebsiteSource(ctx, params.brandId),
  getSourceHealth: ({ ctx }) => getSourceHealth(ctx),
} satisfies Handlers<
  | "getYoutubeConnector"
  | "connectYoutube"
  | "refreshYoutube"
  | "disconnectYoutube"
  | "getSearchConsoleConnector"
  | "authorizeSearchConsole"
  | "receiveSearchConsoleCallback"
  | "selectSearchConsoleProperty"
  | "refreshSearchConsole"
  | "disconnectSearchConsole"
  | "getInstagramConnector"
  | "authorizeInstagram"
  | "receiveInstagramCallback"
  | "selectInstagramAccount"
  | "refreshInstagram"
  | "disconnectInstagram"
  | "getGoogleAdsConnector"
  | "authorizeGoogleAds"
  | "receiveGoogleAdsCallback"
  | "selectGoogleAdsCustomer"
  | "refreshGoogleAds"
  | "disconnectGoogleAds"
  | "listWebsiteSources"
  | "refreshWebsiteSource"
  | "getSourceHealth"
>;
