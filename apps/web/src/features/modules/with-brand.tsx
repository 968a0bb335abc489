import type { Brand } from "@brandscope/api-client";
import { EmptyState } from "@brandscope/ui/empty-state";
import { ErrorState } from "@brandscope/ui/error-state";
import { Skeleton } from "@brandscope/ui/skeleton";
import { useQuery } from "@tanstack/react-query";
import type * as React from "react";
import { ButtonLink } from "~/lib/link";
import { problemText } from "~/lib/problem";
import { brandOptions } from "./queries";

/**
 * The workspace's brand for a screen about it (Brand, Data sources): a skeleton while it loads, an error with a
 * retry, a way to onboarding before one is connected (`noBrand` says what the screen needs it for), then
 * `children` with the brand (the sample's included). The modules use brand-gate.tsx instead, which also waits for
 * the brand's collection.
 */
export function WithBrand({
  noBrand,
  children,
}: {
  noBrand: string;
  children: (brand: Brand) => React.ReactNode;
}) {
  const brand = useQuery(brandOptions());
  if (brand.isPending) {
    return (
      <div role="status" aria-label="Loading your brand" className="flex flex-col gap-4">
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (brand.isError) {
    return (
      <ErrorState
        title="We could not load your brand"
        message={problemText(brand.error)}
        onRetry={() => void brand.refetch()}
        retrying={brand.isFetching}
      />
    );
  }
  if (brand.data) return children(brand.data);
  return (
    <EmptyState
      title="No brand is connected yet"
      description={noBrand}
      action={<ButtonLink to="/questionnaire">Set up your brand</ButtonLink>}
    />
  );
}
