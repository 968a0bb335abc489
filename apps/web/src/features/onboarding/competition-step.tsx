import type { Brand } from "@brandscope/api-client";
import { Badge, type BadgeProps } from "@brandscope/ui/badge";
import { Button } from "@brandscope/ui/button";
import { EmptyState } from "@brandscope/ui/empty-state";
import { ErrorState } from "@brandscope/ui/error-state";
import { Skeleton } from "@brandscope/ui/skeleton";
import { useQuery } from "@tanstack/react-query";
import type * as React from "react";
import { isApiError, problemText } from "~/lib/problem";
import { CompetitorForm } from "./competitor-form";
import { useAddCompetitorMutation, useRemoveCompetitorMutation } from "./mutations";
import { brandCompetitorsOptions, brandOptions } from "./queries";
import { StepActions, StepHeader } from "./step-frame";

const statusBadges: Record<Brand["status"], { label: string; tone: BadgeProps["tone"] }> = {
  pending: { label: "Pending", tone: "neutral" },
  "in-progress": { label: "Collecting data", tone: "info" },
  active: { label: "Active", tone: "success" },
  error: { label: "Error", tone: "error" },
};

const competitorsWord = (count: number) => (count === 1 ? "competitor" : "competitors");

/**
 * Connect competition: the competitors added so far against the plan's limit (GET /brand/competitor), a form to
 * add one more while the plan allows it, and a clear message at the limit. The step may be skipped.
 */
export function CompetitionStep({
  onBack,
  onContinue,
  onConnectBrand,
}: {
  onBack?: (() => void) | undefined;
  onContinue: () => void;
  onConnectBrand: () => void;
}) {
  const brand = useQuery(brandOptions());
  const list = useQuery(brandCompetitorsOptions());
  const add = useAddCompetitorMutation();
  const remove = useRemoveCompetitorMutation();
  const count = list.data?.competitors.length ?? 0;

  let body: React.ReactNode;
  if (brand.data === null) {
    body = (
      <EmptyState
        title="Connect your brand first"
        description="Competitors are compared with your brand, so we need your brand before them."
        action={<Button onClick={onConnectBrand}>Connect my brand</Button>}
      />
    );
  } else if (list.isPending) {
    body = (
      <div role="status" aria-busy="true" aria-label="Loading competitors" className="flex flex-col gap-3">
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  } else if (list.isError) {
    body = (
      <ErrorState
        title="We could not load your competitors"
        message={problemText(list.error)}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  } else {
    const { competitors, limit } = list.data;
    const atLimit = count >= limit;
    const planLimitProblem = isApiError(add.error, 402) ? problemText(add.error) : undefined;
    body = (
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
                `You have reached your plan's limit of ${limit} ${competitorsWord(limit)}.`}
            </p>
            <p>Upgrade your plan to compare more competitors, or remove one to add another.</p>
          </div>
        ) : null}
        {/* After a failed add the form stays, with everything typed, even once the list shows the limit. */}
        {!atLimit || add.isError ? <CompetitorForm add={add} /> : null}
      </div>
    );
  }

  return (
    <>
      <StepHeader
        title="Add your competitors"
        description="Tell us who you compete with, and we compare your content, audience and keywords with theirs. You can skip this and add them later."
      />
      {body}
      <StepActions onBack={onBack}>
        {count > 0 ? (
          <Button onClick={onContinue}>Continue</Button>
        ) : (
          <Button emphasis="secondary" onClick={onContinue}>
            Skip for now
          </Button>
        )}
      </StepActions>
    </>
  );
}
