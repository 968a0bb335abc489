import { type components, formData, unwrap, withUploadProgress } from "@brandscope/api-client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api";
import { refetchBrandData } from "../modules/refetch-brand-data";
import { connectorKey } from "./connector-calls";
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
 * PUT /connectors/youtube: the key and each brand's channel; the answer is the connector as it is now (reading); the
 * figures follow once the channels have been read, so they are fetched again. Its other calls are the kit's
 * (connector-calls.ts).
 */
export function useConnectYoutubeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: components["schemas"]["ConnectYoutubeRequest"]) =>
      unwrap(api.PUT("/connectors/youtube", { body })),
    onSuccess: (connector) => {
      queryClient.setQueryData(connectorKey("youtube"), connector);
      void refetchBrandData(queryClient);
    },
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
