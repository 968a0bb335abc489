import { type Brand, errorMessage } from "@brandscope/api-client";
import { Badge } from "@brandscope/ui/badge";
import { EmptyState } from "@brandscope/ui/empty-state";
import { ErrorState } from "@brandscope/ui/error-state";
import { Skeleton } from "@brandscope/ui/skeleton";
import { useQuery } from "@tanstack/react-query";
import type * as React from "react";
import { ButtonLink } from "~/lib/link";
import { sentence } from "./format";
import { TakesImports } from "./module-page";
import { useRetryBrandCollectionMutation } from "./mutations";
import { brandOptions, sourceHealthOptions } from "./queries";
import { SourcesFailed } from "./sources-failed";

const statusWords = { pending: "Queued", "in-progress": "In progress" } as const;

/**
 * Every module needs a brand with data. GET /brand decides what shows instead of the module: no brand → a
 * prompt to connect one; collection under way → its status. A failed collection shows its reason and a Retry
 * above the module, which still shows what was imported. Otherwise the module renders with the brand (a sample
 * brand included: the module header marks it).
 */
export function BrandGate({
  title,
  children,
}: {
  title: string;
  children: (brand: Brand) => React.ReactNode;
}) {
  const brand = useQuery(brandOptions());
  const state = gateState(brand);
  if (state === undefined && brand.data) {
    return (
      <div className="flex flex-col gap-6">
        <SourcesNotice brand={brand.data} />
        <TakesImports.Provider value={!brand.data.sample}>{children(brand.data)}</TakesImports.Provider>
      </div>
    );
  }
  // Whatever stands in for the module, the page keeps its heading: the user knows where they are.
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-foreground text-2xl font-semibold tracking-tight">{title}</h1>
      {state}
    </div>
  );
}

function gateState(brand: ReturnType<typeof useQuery<Brand | null>>): React.ReactNode | undefined {
  if (brand.isPending) {
    return (
      <div role="status" aria-label="Loading your brand" className="flex flex-col gap-4">
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (brand.isError) {
    return (
      <ErrorState
        title="We could not load your brand"
        message={errorMessage(brand.error)}
        onRetry={() => void brand.refetch()}
        retrying={brand.isFetching}
      />
    );
  }
  const current = brand.data;
  if (!current) {
    return (
      <EmptyState
        title="Connect your brand"
        description="Connect your brand and its competitors, or explore with sample data, to see your modules."
        action={<ButtonLink to="/questionnaire">Set up your brand</ButtonLink>}
      />
    );
  }
  if (current.status === "pending" || current.status === "in-progress") {
    return <CollectingState brand={current} />;
  }
  return undefined;
}

function CollectingState({ brand }: { brand: Brand }) {
  const status = brand.status === "pending" ? statusWords.pending : statusWords["in-progress"];
  return (
    <div
      role="status"
      data-slot="brand-collecting"
      className="flex flex-col items-center justify-center gap-3 rounded-lg border border-dashed px-6 py-12 text-center"
    >
      <p className="text-foreground text-base font-semibold">Collecting your data…</p>
      <p className="text-muted-foreground max-w-md text-sm leading-relaxed">
        We are gathering the posts, followers and traffic of {brand.name}. This page updates by itself once it
        is ready.
      </p>
      <Badge tone="info">Status: {status}</Badge>
    </div>
  );
}

/**
 * Above the module of an own brand: when every live source failed, why each did; otherwise a website that could not
 * be read with its reason. Either way the module below still shows what was imported on Data sources.
 */
function SourcesNotice({ brand }: { brand: Brand }) {
  const health = useQuery({ ...sourceHealthOptions(), enabled: !brand.sample });
  const retry = useRetryBrandCollectionMutation();
  if (brand.sample) return null;
  const websiteFailed = brand.status === "error";
  if (health.data?.allFailing) {
    return (
      <SourcesFailed
        brandName={brand.name}
        sources={health.data.sources}
        onRetry={websiteFailed ? () => retry.mutate() : undefined}
        retrying={retry.isPending}
      />
    );
  }
  if (!websiteFailed) return null;
  return (
    <ErrorState
      title={`We could not collect the data of ${brand.name}`}
      message={`${sentence(brand.statusReason || "The collection stopped with an error")} What you import on Data sources still shows here.`}
      onRetry={() => retry.mutate()}
      retrying={retry.isPending}
    />
  );
}
