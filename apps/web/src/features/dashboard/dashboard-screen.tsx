import type { Brand } from "@brandscope/api-client";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ButtonLink } from "~/lib/link";
import { BrandGate } from "../modules/brand-gate";
import { isBeingComputed } from "../modules/computing";
import { FigureCard, FigureCardSkeleton } from "../modules/figure-card";
import { FiguresComputing } from "../modules/figures-computing";
import { ModulePage } from "../modules/module-page";
import { comparisonText, DEFAULT_PERIOD, type PeriodParams, periodParams } from "../modules/period";
import { ProvenanceLine } from "../modules/provenance-line";
import { QueryError } from "../modules/query-error";
import { dashboardOptions, formatHeadline, moduleNames, moduleRoutes } from "./queries";

export function DashboardScreen() {
  return <BrandGate title="Dashboard">{(brand) => <DashboardModule brand={brand} />}</BrandGate>;
}

function DashboardModule({ brand }: { brand: Brand }) {
  // No local-storage area for the dashboard (docs/product.md §7 lists the modules' only): the window lasts the visit.
  const [period, setPeriod] = useState<PeriodParams>(DEFAULT_PERIOD);
  const dashboard = useQuery(dashboardOptions(period));
  const data = dashboard.data;
  return (
    <ModulePage
      title="Dashboard"
      description={`${brand.name} at a glance.`}
      brand={brand}
      period={period}
      onPeriodChange={(next) => setPeriod(periodParams(next))}
      provenance={data ? <ProvenanceLine provenance={data.provenance} /> : null}
    >
      {dashboard.isError && !data ? (
        <QueryError
          what="your headlines"
          error={dashboard.error}
          onRetry={() => void dashboard.refetch()}
          retrying={dashboard.isFetching}
        />
      ) : (!data || dashboard.isPlaceholderData) && isBeingComputed(dashboard.failureReason) ? (
        <FiguresComputing />
      ) : !data ? (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {Object.values(moduleNames).map((name) => (
            <FigureCardSkeleton key={name} label={name} />
          ))}
        </div>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Headlines">
          {data.headlines.map((headline) => (
            <li key={`${headline.module}-${headline.label}`}>
              <FigureCard
                label={
                  <>
                    <span className="text-foreground block font-semibold">
                      {moduleNames[headline.module]}
                    </span>
                    {headline.label}
                  </>
                }
                figure={headline.figure}
                format={(value) => formatHeadline(headline, value)}
                // Website traffic comes in complete months: its change is against the month before.
                comparison={headline.module === "competitor" ? "vs the month before" : comparisonText(period)}
                footer={
                  <ButtonLink
                    to={moduleRoutes[headline.module]}
                    emphasis="secondary"
                    size="sm"
                    className="self-start"
                  >
                    Open {moduleNames[headline.module]}
                  </ButtonLink>
                }
              />
            </li>
          ))}
        </ul>
      )}
    </ModulePage>
  );
}
