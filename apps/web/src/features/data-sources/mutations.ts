import { type components, formData, unwrap, withUploadProgress } from "@brandscope/api-client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api";
import { refetchBrandData } from "../modules/refetch-brand-data";
import { connectorKeys, importKeys } from "./queries";

type Import = components["schemas"]["Import"];

/**
 * POST /brand/imports with preview=true: one export for the brand (or the competitor `brandId`), read and checked,
 * nothing stored yet; `onProgress` hears the share of the file sent (0–1). The answer is a pending import (what the file holds), put at the top of the list at once;
 * a refused file is listed too, with why.
 */
export function usePreviewExportMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (o: { file: File; brandId: string | undefined; onProgress: (sent: number) => void }) =>
      unwrap(
        api.POST("/brand/imports", {
          body: formData({ file: o.file, preview: "true", ...(o.brandId ? { brandId: o.brandId } : {}) }),
          fetch: withUploadProgress(api, ({ loaded, total }) => o.onProgress(total > 0 ? loaded / total : 0)),
        }),
      ),
    onSuccess: (pending) =>
      queryClient.setQueryData(importKeys.all, (list: Import[] | undefined) => [pending, ...(list ?? [])]),
    onError: () => queryClient.invalidateQueries({ queryKey: importKeys.all }),
  });
}

/** POST /brand/imports/{id}/commit: a pending import's rows are stored; the brand's figures are recomputed. */
export function useCommitImportMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.POST("/brand/imports/{id}/commit", { params: { path: { id } } })),
    onSettled: () => refetchBrandData(queryClient),
  });
}

/** DELETE /brand/imports/{id}: the import and the rows it holds go; the brand's figures are recomputed. */
export function useRemoveImportMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE("/brand/imports/{id}", { params: { path: { id } } })),
    onSettled: () => refetchBrandData(queryClient),
  });
}

/**
 * PUT /connectors/youtube, POST /connectors/youtube/refresh and DELETE /connectors/youtube: the answer is the
 * connector as it is now (reading); the figures follow once the channels have been read, so they are fetched again.
 */
export function useConnectYoutubeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: components["schemas"]["ConnectYoutubeRequest"]) =>
      unwrap(api.PUT("/connectors/youtube", { body })),
    onSuccess: (connector) => {
      queryClient.setQueryData(connectorKeys.youtube, connector);
      void refetchBrandData(queryClient);
    },
  });
}

export function useRefreshYoutubeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST("/connectors/youtube/refresh")),
    onSuccess: (connector) => queryClient.setQueryData(connectorKeys.youtube, connector),
  });
}

export function useDisconnectYoutubeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE("/connectors/youtube")),
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectorKeys.youtube }),
  });
}

/**
 * POST /connectors/search-console/authorize: Google's consent page, where the caller sends the browser. The
 * server sets a short-lived cookie with the answer that binds the consent to this browser.
 */
export function useAuthorizeSearchConsoleMutation() {
  return useMutation({
    mutationFn: () => unwrap(api.POST("/connectors/search-console/authorize")),
  });
}

/**
 * PUT /connectors/search-console (the property to read), POST …/refresh and DELETE: the answer is the connector as
 * it is now (reading); the intent module's keywords follow once the property has been read.
 */
export function useSelectSearchConsolePropertyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (property: string) => unwrap(api.PUT("/connectors/search-console", { body: { property } })),
    onSuccess: (connector) => {
      queryClient.setQueryData(connectorKeys.searchConsole, connector);
      void refetchBrandData(queryClient);
    },
  });
}

export function useRefreshSearchConsoleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST("/connectors/search-console/refresh")),
    onSuccess: (connector) => queryClient.setQueryData(connectorKeys.searchConsole, connector),
  });
}

export function useDisconnectSearchConsoleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE("/connectors/search-console")),
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectorKeys.searchConsole }),
  });
}

/**
 * POST /connectors/instagram/authorize: Facebook Login's dialog, where the caller sends the browser. The server
 * sets a short-lived cookie with the answer that binds the consent to this browser.
 */
export function useAuthorizeInstagramMutation() {
  return useMutation({
    mutationFn: () => unwrap(api.POST("/connectors/instagram/authorize")),
  });
}

/**
 * PUT /connectors/instagram (the account to read through), POST …/refresh and DELETE: the answer is the connector
 * as it is now; the brands' Instagram audiences and posts follow once read.
 */
export function useSelectInstagramAccountMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accountId: string) => unwrap(api.PUT("/connectors/instagram", { body: { accountId } })),
    onSuccess: (connector) => {
      queryClient.setQueryData(connectorKeys.instagram, connector);
      void refetchBrandData(queryClient);
    },
  });
}

export function useRefreshInstagramMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST("/connectors/instagram/refresh")),
    onSuccess: (connector) => queryClient.setQueryData(connectorKeys.instagram, connector),
  });
}

export function useDisconnectInstagramMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE("/connectors/instagram")),
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectorKeys.instagram }),
  });
}

/**
 * POST /connectors/websites/{brandId}/refresh: the website is read again (its facts and articles); the list polls
 * until the read has ended, and the figures are fetched again then.
 */
export function useRefreshWebsiteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (brandId: string) =>
      unwrap(api.POST("/connectors/websites/{brandId}/refresh", { params: { path: { brandId } } })),
    onSuccess: (source) =>
      queryClient.setQueryData(connectorKeys.websites, (list: { websites: (typeof source)[] } | undefined) =>
        list ? { websites: list.websites.map((w) => (w.brandId === source.brandId ? source : w)) } : list,
      ),
  });
}

/** POST /connectors/google-ads/authorize: Google's consent page (the adwords scope), where the caller sends the browser. */
export function useAuthorizeGoogleAdsMutation() {
  return useMutation({
    mutationFn: () => unwrap(api.POST("/connectors/google-ads/authorize")),
  });
}

/**
 * PUT /connectors/google-ads (the account to plan with), POST …/refresh and DELETE: the answer is the connector as
 * it is now; the intent module's volumes and bids follow once the keywords have been planned.
 */
export function useSelectGoogleAdsCustomerMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (customerId: string) => unwrap(api.PUT("/connectors/google-ads", { body: { customerId } })),
    onSuccess: (connector) => {
      queryClient.setQueryData(connectorKeys.googleAds, connector);
      void refetchBrandData(queryClient);
    },
  });
}

export function useRefreshGoogleAdsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST("/connectors/google-ads/refresh")),
    onSuccess: (connector) => queryClient.setQueryData(connectorKeys.googleAds, connector),
  });
}

export function useDisconnectGoogleAdsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE("/connectors/google-ads")),
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectorKeys.googleAds }),
  });
}
