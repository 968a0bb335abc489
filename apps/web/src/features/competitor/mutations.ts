import { useMutation, useQueryClient } from "@tanstack/react-query";
import { notify } from "~/lib/notify";
import { problemText } from "~/lib/problem";
import { isBeingComputed } from "../modules/computing";
import type { PeriodParams } from "../modules/period";
import { type CompetitorAnalytics, competitorKeys, requestRecompute } from "./queries";

/**
 * "Refresh": the figures answered at once replace the cached ones, and the server's word on the recompute is
 * shown. `onQueued` hears when a recompute was queued, with the computedAt of the figures it will replace.
 */
export function useRefreshCompetitorMutation(period: PeriodParams, onQueued: (computedAt: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestRecompute(period),
    onSuccess: (answer: CompetitorAnalytics) => {
      queryClient.setQueryData(competitorKeys.analytics(period), answer);
      if (answer.refresh?.status === "queued") onQueued(answer.common.provenance.computedAt);
      if (answer.refresh) notify.success(answer.refresh.message, { id: "competitor-refresh" });
    },
    onError: (error) => {
      // Queued, but no figures stored yet to answer with: the screen says they are being computed.
      if (isBeingComputed(error)) {
        notify.success(error.message, { id: "competitor-refresh" });
        void queryClient.invalidateQueries({ queryKey: competitorKeys.analytics(period) });
        return;
      }
      notify.error(problemText(error), { id: "competitor-refresh", title: "Could not refresh" });
    },
  });
}
