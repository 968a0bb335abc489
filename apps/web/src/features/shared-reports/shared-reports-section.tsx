import { errorMessage } from "@brandscope/api-client";
import { Badge } from "@brandscope/ui/badge";
import { Button } from "@brandscope/ui/button";
import { ErrorState } from "@brandscope/ui/error-state";
import { Skeleton } from "@brandscope/ui/skeleton";
import { useQuery } from "@tanstack/react-query";
import { formatDate, formatDateTime } from "~/features/modules/format";
import { FormProblem } from "~/lib/problem";
import { moduleTitles, type SharedReport, sharedReportsOptions, useRevokeSharedReport } from "./queries";

const statusWords: Record<SharedReport["status"], { label: string; tone: "neutral" | "warning" }> = {
  active: { label: "Open", tone: "neutral" },
  expired: { label: "Expired", tone: "warning" },
  revoked: { label: "Revoked", tone: "warning" },
};

/**
 * The workspace's shared report links (issue 32), in the profile: who made each, when, until when it opens and when
 * it was last opened, with Revoke. The server decides who may revoke which (the maker, an admin, the owner).
 */
export function SharedReportsSection() {
  const reports = useQuery(sharedReportsOptions());
  const revoke = useRevokeSharedReport();
  if (reports.isError) {
    return (
      <ErrorState
        title="We could not load the shared reports"
        message={errorMessage(reports.error)}
        onRetry={() => void reports.refetch()}
        retrying={reports.isFetching}
      />
    );
  }
  if (!reports.data) {
    return (
      <div role="status" aria-label="Loading the shared reports">
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  if (reports.data.length === 0) {
    return (
      <p className="text-muted-foreground text-sm">
        No report is shared yet. Use Share report on a module to make a read-only link.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <FormProblem error={revoke.error} />
      <ul aria-label="Shared reports" className="divide-border flex flex-col divide-y rounded-lg border">
        {reports.data.map((report) => {
          const name = `${moduleTitles[report.module]} · ${report.brandName}`;
          const status = statusWords[report.status];
          return (
            <li key={report.id} className="flex items-center justify-between gap-4 px-4 py-3">
              <div className="flex min-w-0 flex-col gap-0.5">
                <span className="text-foreground truncate text-sm font-medium">{name}</span>
                <span className="text-muted-foreground text-xs">
                  {formatDate(report.window.from)} to {formatDate(report.window.to)} · shared by{" "}
                  {report.createdBy?.name ?? "a former member"} on {formatDate(report.createdAt)} ·{" "}
                  {report.status === "expired" ? "expired" : "expires"} {formatDate(report.expiresAt)} ·{" "}
                  {report.lastOpenedAt
                    ? `last opened ${formatDateTime(report.lastOpenedAt)}`
                    : "never opened"}
                </span>
              </div>
              <div className="flex shrink-0 items-center gap-2">
                <Badge tone={status.tone}>{status.label}</Badge>
                {report.status === "active" ? (
                  <Button
                    emphasis="ghost"
                    size="sm"
                    loading={revoke.isPending && revoke.variables === report.id}
                    aria-label={`Revoke the link to ${name}`}
                    onClick={() => revoke.mutate(report.id)}
                  >
                    Revoke
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
