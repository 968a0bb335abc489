import { formData, unwrap } from "@brandscope/api-client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api";
import { refetchBrandData } from "../modules/refetch-brand-data";

/**
 * POST /brand/imports: one export for the brand (or the competitor `brandId`). All rows or none; a refused file
 * is listed too, with why.
 */
export function useUploadExportMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, brandId }: { file: File; brandId: string | undefined }) =>
      unwrap(api.POST("/brand/imports", { body: formData({ file, ...(brandId ? { brandId } : {}) }) })),
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
