import { unwrap } from "@brandscope/api-client";
import { queryOptions } from "@tanstack/react-query";
import { api } from "~/lib/api";

export const importKeys = {
  all: ["imports"] as const,
};

export const connectorKeys = {
  youtube: ["connectors", "youtube"] as const,
  websites: ["connectors", "websites"] as const,
  searchConsole: ["connectors", "search-console"] as const,
  googleAds: ["connectors", "google-ads"] as const,
  instagram: ["connectors", "instagram"] as const,
};

/** While the channels are being read, look again every few seconds: the status changes by itself. */
const READING_POLL_MS = 3_000;

/** GET /connectors/youtube: the connector's status and each brand's channel. */
export const youtubeConnectorOptions = () =>
  queryOptions({
    queryKey: connectorKeys.youtube,
    queryFn: ({ signal }) => unwrap(api.GET("/connectors/youtube", { signal })),
    refetchInterval: (query) => (query.state.data?.status === "reading" ? READING_POLL_MS : false),
  });

/** GET /connectors/search-console: the connector's status and the property it reads. */
export const searchConsoleConnectorOptions = () =>
  queryOptions({
    queryKey: connectorKeys.searchConsole,
    queryFn: ({ signal }) => unwrap(api.GET("/connectors/search-console", { signal })),
    refetchInterval: (query) => (query.state.data?.status === "reading" ? READING_POLL_MS : false),
  });

/** GET /connectors/google-ads: the connector's status and the Google Ads account it plans keywords with. */
export const googleAdsConnectorOptions = () =>
  queryOptions({
    queryKey: connectorKeys.googleAds,
    queryFn: ({ signal }) => unwrap(api.GET("/connectors/google-ads", { signal })),
    refetchInterval: (query) => (query.state.data?.status === "reading" ? READING_POLL_MS : false),
  });

/** GET /connectors/instagram: the connector's status, the account it reads through and each brand's profile. */
export const instagramConnectorOptions = () =>
  queryOptions({
    queryKey: connectorKeys.instagram,
    queryFn: ({ signal }) => unwrap(api.GET("/connectors/instagram", { signal })),
    refetchInterval: (query) => (query.state.data?.status === "reading" ? READING_POLL_MS : false),
  });

/** GET /connectors/websites: the brand's and its competitors' websites as sources of articles. */
export const websiteSourcesOptions = () =>
  queryOptions({
    queryKey: connectorKeys.websites,
    queryFn: ({ signal }) => unwrap(api.GET("/connectors/websites", { signal })),
    refetchInterval: (query) =>
      query.state.data?.websites.some((w) => w.status === "reading") ? READING_POLL_MS : false,
  });

/** GET /brand/imports: the workspace's imports, newest first. */
export const importsOptions = () =>
  queryOptions({
    queryKey: importKeys.all,
    queryFn: ({ signal }) => unwrap(api.GET("/brand/imports", { signal })),
  });
