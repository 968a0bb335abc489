import { type components, unwrap } from "@brandscope/api-client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api";
import { brandKeys } from "../modules/queries";
import { refetchBrandData } from "../modules/refetch-brand-data";

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
