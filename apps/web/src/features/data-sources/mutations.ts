import { formData, unwrap } from "@brandscope/api-client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api";

/**
 * POST /brand/imports: one export for the brand (or the competitor `brandId`). All rows or none; a refused file
 * is listed too, with why. Every figure may change after an import: everything but the reference lists and the
 * user is fetched again.
 */
export function useUploadExportMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, brandId }: { file: File; brandId: string | undefined }) =>
      unwrap(api.POST("/brand/imports", { body: formData({ file, ...(brandId ? { brandId } : {}) }) })),
    onSettled: () =>
      queryClient.invalidateQueries({
        predicate: ({ queryKey: [root] }) => root !== "reference" && root !== "user",
      }),
  });
}
