import { type components, unwrap } from "@brandscope/api-client";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api";
import { refetchBrandData } from "../modules/refetch-brand-data";

type Schemas = components["schemas"];

/**
 * The web half of the connector kit (docs/data-sources.md "The connector kit"): every connector's calls in one
 * table, and one query and one set of mutations over it, so that a connector's section holds only what is its own
 * (its statuses, its sentences, what it lets the user choose).
 */
interface Connectors {
  youtube: Schemas["YoutubeConnector"];
  "search-console": Schemas["SearchConsoleConnector"];
  "google-ads": Schemas["GoogleAdsConnector"];
  instagram: Schemas["InstagramConnector"];
}
export type ConnectorSlug = keyof Connectors;
/** The connectors connected through the platform's consent page, each choosing what it reads afterwards. */
export type OAuthSlug = Exclude<ConnectorSlug, "youtube">;

interface Calls<C> {
  get(signal: AbortSignal): Promise<C>;
  refresh(): Promise<C>;
  disconnect(): Promise<unknown>;
}
/** An OAuth connector's own calls: its consent, and what its grant reads. */
interface ConsentCalls<C> {
  authorize(): Promise<{ url: string }>;
  /** What the grant reads: the property, the account or the customer, by its id. */
  choose(id: string): Promise<C>;
}

// Mapped over the slug, so that a call of CALLS[slug] answers that slug's connector in the generic hooks below.
const CALLS: { [S in ConnectorSlug]: Calls<Connectors[S]> } = {
  youtube: {
    get: (signal) => unwrap(api.GET("/connectors/youtube", { signal })),
    refresh: () => unwrap(api.POST("/connectors/youtube/refresh")),
    disconnect: () => unwrap(api.DELETE("/connectors/youtube")),
  },
  "search-console": {
    get: (signal) => unwrap(api.GET("/connectors/search-console", { signal })),
    refresh: () => unwrap(api.POST("/connectors/search-console/refresh")),
    disconnect: () => unwrap(api.DELETE("/connectors/search-console")),
  },
  "google-ads": {
    get: (signal) => unwrap(api.GET("/connectors/google-ads", { signal })),
    refresh: () => unwrap(api.POST("/connectors/google-ads/refresh")),
    disconnect: () => unwrap(api.DELETE("/connectors/google-ads")),
  },
  instagram: {
    get: (signal) => unwrap(api.GET("/connectors/instagram", { signal })),
    refresh: () => unwrap(api.POST("/connectors/instagram/refresh")),
    disconnect: () => unwrap(api.DELETE("/connectors/instagram")),
  },
};

const CONSENT_CALLS: { [S in OAuthSlug]: ConsentCalls<Connectors[S]> } = {
  "search-console": {
    authorize: () => unwrap(api.POST("/connectors/search-console/authorize")),
    choose: (property) => unwrap(api.PUT("/connectors/search-console", { body: { property } })),
  },
  "google-ads": {
    authorize: () => unwrap(api.POST("/connectors/google-ads/authorize")),
    choose: (customerId) => unwrap(api.PUT("/connectors/google-ads", { body: { customerId } })),
  },
  instagram: {
    authorize: () => unwrap(api.POST("/connectors/instagram/authorize")),
    choose: (accountId) => unwrap(api.PUT("/connectors/instagram", { body: { accountId } })),
  },
};

/** A connector's query key, under ["connectors"] with the websites' list. */
export const connectorKey = (slug: ConnectorSlug) => ["connectors", slug] as const;

/** While a connector is being read, look again every few seconds: the status changes by itself. */
const READING_POLL_MS = 3_000;

/** GET /connectors/<slug>: the chosen brand's connector as it is now. */
export const connectorOptions = <S extends ConnectorSlug>(slug: S) =>
  queryOptions({
    queryKey: connectorKey(slug),
    queryFn: ({ signal }): Promise<Connectors[S]> => CALLS[slug].get(signal),
    refetchInterval: (query) => (query.state.data?.status === "reading" ? READING_POLL_MS : false),
  });

/** POST /connectors/<slug>/refresh: read again now; the answer is the connector, reading. */
export function useRefreshConnector<S extends ConnectorSlug>(slug: S) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<Connectors[S]> => CALLS[slug].refresh(),
    onSuccess: (connector) => queryClient.setQueryData(connectorKey(slug), connector),
  });
}

/** DELETE /connectors/<slug>: the connection goes; what was read stays with the brands. */
export function useDisconnectConnector(slug: ConnectorSlug) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => CALLS[slug].disconnect(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectorKey(slug) }),
  });
}

/**
 * POST /connectors/<slug>/authorize: the platform's consent page, where the caller sends the browser. The server
 * sets a short-lived cookie with the answer that binds the consent to this browser.
 */
export function useAuthorizeConnector(slug: OAuthSlug) {
  return useMutation({ mutationFn: () => CONSENT_CALLS[slug].authorize() });
}

/**
 * PUT /connectors/<slug>: what the grant reads (a property, an account, a customer); the answer is the connector,
 * reading, and the brand's figures follow once it has been read.
 */
export function useChooseWhatIsRead<S extends OAuthSlug>(slug: S) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<Connectors[S]> => CONSENT_CALLS[slug].choose(id),
    onSuccess: (connector) => {
      queryClient.setQueryData(connectorKey(slug), connector);
      void refetchBrandData(queryClient);
    },
  });
}
