import { unwrap } from "@brandscope/api-client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api";
import { notify } from "~/lib/notify";
import { problemText } from "~/lib/problem";
import { brandKeys } from "./queries";

/** POST /brand/collect: collect the brand's data again after an error; the brand is pending again. */
export function useRetryBrandCollectionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST("/brand/collect")),
    onSuccess: (brand) => {
      queryClient.setQueryData(brandKeys.current(), brand);
      void queryClient.invalidateQueries({ queryKey: brandKeys.sourceHealth() });
      notify.success("We are collecting your data again.", { id: "brand-collect" });
    },
    onError: (error) => notify.error(problemText(error), { id: "brand-collect", title: "Could not retry" }),
  });
}
