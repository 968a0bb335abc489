import { type components, unwrap } from "@brandscope/api-client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api";
import { brandKeys } from "../modules/queries";
import { refetchBrandData } from "../modules/refetch-brand-data";
import { brandListKeys } from "./queries";

/**
 * PATCH /brand: the own brand's corrections. The answer is the brand as stored now; a new website or market
 * changes its figures, so everything but the reference lists and the user is fetched again.
 */
export function useUpdateBrandMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: components["schemas"]["UpdateBrandRequest"]) => unwrap(api.PATCH("/brand", { body })),
    onSuccess: (brand) => {
      queryClient.setQueryData(brandKeys.current(), brand);
      void refetchBrandData(queryClient);
    },
  });
}

/** DELETE /brands/{id}: the brand goes with its competitors and data; the list of brands is fetched again. */
export function useDeleteBrandMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE("/brands/{id}", { params: { path: { id } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: brandListKeys.all }),
  });
}
