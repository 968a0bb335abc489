import type { Brand } from "@brandscope/api-client";
import { Badge, type BadgeProps } from "@brandscope/ui/badge";
import { Button } from "@brandscope/ui/button";
import { ErrorState } from "@brandscope/ui/error-state";
import { Skeleton } from "@brandscope/ui/skeleton";
import { useQuery } from "@tanstack/react-query";
import { isApiError, problemText } from "~/lib/problem";
import { CompetitorForm } from "./competitor-form";
import { useAddCompetitorMutation, useRemoveCompetitorMutation } from "./mutations";
import { brandCompetitorsOptions } from "./queries";

const statusBadges: Record<Brand["status"], { label: string; tone: BadgeProps["tone"] }> = {
  pending: { label: "Pending", tone: "neutral" },
  "in-progress": { label: "Collecting data", tone: "info" },
  active: { label: "Active", tone: "success" },
  error: { label: "Error", tone: "error" },
};

const competitorsWord = (count: number) => (count === 1 ? "competitor" : "competitors");

/**
 * The brand's competitors against the plan's limit (GET /brand/competitor): each with its collection status and
 * Remove, a form to add one more while the plan allows it, and a clear message at the limit. Onboarding's
 * competition step and the Data sources screen show it.
 */
export function CompetitorsEditor() {
  const list = useQuery(brandCompetitorsOptions());
  const add = useAddCompetitorMutation();
  const remove = useRemoveCompetitorMutation();
  const count = list.data?.competitors.length ?? 0;
  if (list.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading competitors" className="flex flex-col gap-3">
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (list.isError) {
    return (
      <ErrorState
        title="We could not load your competitors"
        message={problemText(list.error)}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  const { competitors, limit } = list.data;
  const atLimit = count >= limit;
  const planLimitProblem = isApiError(add.error, 402) ? problemText(add.error) : undefined;
  return (
    <div className="flex flex-col gap-5">
      <p className="text-muted-foreground text-sm" aria-live="polite">
        <span className="text-foreground font-medium">
          {count} of {limit}
        </span>{" "}
        {competitorsWord(limit)} your plan allows
      </p>
      {competitors.length > 0 ? (
        <ul aria-label="Your competitors" className="flex flex-col divide-y rounded-lg border">
          {competitors.map((competitor) => (
            <li key={competitor.id} className="flex items-center justify-between gap-3 px-4 py-3">
              <div className="flex min-w-0 flex-col">
                <span className="text-foreground truncate text-sm font-medium">{competitor.name}</span>
                <span className="text-muted-foreground truncate text-xs">{competitor.website}</span>
              </div>
              <div className="flex items-center gap-2">
                <Badge tone={statusBadges[competitor.status].tone}>
                  {statusBadges[competitor.status].label}
                </Badge>
                <Button
                  emphasis="ghost"
                  size="sm"
                  aria-label={`Remove ${competitor.name}`}
                  loading={remove.isPending && remove.variables === competitor.id}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(competitor.id)}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {remove.isError ? (
        <p role="alert" className="text-destructive-strong text-sm">
          {problemText(remove.error)}
        </p>
      ) : null}
      {atLimit ? (
        <div
          role="status"
          data-slot="plan-limit"
          className="border-warning/40 bg-warning/10 text-warning-strong rounded-md border px-4 py-3 text-sm"
        >
          <p className="font-medium">
            {planLimitProblem ??
              (count > limit
                ? // A plan that ended (back to Starter) keeps the competitors it had: the ones beyond stay readable.
                  `Your plan allows ${limit} ${competitorsWord(limit)}: the ${count - limit} beyond it stay visible, read-only.`
                : `You have reached your plan's limit of ${limit} ${competitorsWord(limit)}.`)}
          </p>
          <p>Upgrade your plan to compare more competitors, or remove one to add another.</p>
        </div>
      ) : null}
      {/* After a failed add the form stays, with everything typed, even once the list shows the limit. */}
      {!atLimit || add.isError ? <CompetitorForm add={add} /> : null}
    </div>
  );
}
