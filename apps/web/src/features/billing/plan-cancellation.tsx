import { Button } from "@brandscope/ui/button";
import * as React from "react";
import { ConfirmRemoval } from "~/lib/confirm-content";
import { notify } from "~/lib/notify";
import { FormProblem } from "~/lib/problem";
import { isPlanRunning, type SubscriptionState } from "../subscriptions/banner-rule";
import { useCancelPlanMutation, useResumePlanMutation } from "./mutations";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long" });

/**
 * "Cancel anytime" (docs/decisions.md "Cancelling"): the owner cancels a paid plan, which reads cancelled at once,
 * runs to its end date and then returns to Starter, and can resume it until then. Not offered for a plan granted by an operator
 * (it has no card to stop charging) nor one that has ended.
 */
export function PlanCancellation({ current }: { current: SubscriptionState }) {
  const [confirming, setConfirming] = React.useState(false);
  const cancel = useCancelPlanMutation();
  const resume = useResumePlanMutation();
  const running = current.type !== "starter" && !current.granted && isPlanRunning(current);
  if (!running || !current.endDate) return null;
  const endsOn = dateFormat.format(new Date(current.endDate));
  if (current.status === "cancelled") {
    return (
      <div className="flex flex-col gap-2">
        <Button
          emphasis="secondary"
          className="self-start"
          loading={resume.isPending}
          onClick={() =>
            resume.mutate(undefined, {
              onSuccess: () => notify.success(`Your plan renews again on ${endsOn}.`, { id: "plan-resumed" }),
            })
          }
        >
          Resume
        </Button>
        {resume.error ? <FormProblem error={resume.error} /> : null}
      </div>
    );
  }
  return (
    <>
      <Button emphasis="secondary" onClick={() => setConfirming(true)}>
        Cancel plan
      </Button>
      <ConfirmRemoval
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Cancel your plan?"
        description={`Your plan runs until ${endsOn} and is not charged again. After that day your workspace returns to Starter: your data stays, and what goes beyond Starter's limits becomes read-only. You can resume until then.`}
        action="Cancel plan"
        removal={cancel}
        onConfirm={(close) =>
          cancel.mutate(undefined, {
            onSuccess: () => {
              close();
              notify.success(`Your plan is cancelled. It runs until ${endsOn}.`, { id: "plan-cancelled" });
            },
          })
        }
      />
    </>
  );
}
