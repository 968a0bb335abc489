import { unwrap } from "@brandscope/api-client";
import { queryOptions } from "@tanstack/react-query";
import { api } from "~/lib/api";

/**
 * An option of a select: docs/product.md §3 maps a country or industry {id, label} to {value, label}. A country's
 * flag is its icon: decoration beside the name, so typing a name still finds it.
 */
export type ReferenceOption = { value: string; label: string; icon?: string };

export const referenceKeys = {
  all: ["reference"] as const,
  countries: () => [...referenceKeys.all, "countries"] as const,
  industries: () => [...referenceKeys.all, "industries"] as const,
};

// Reference lists change with a release, not while someone uses the app.
const referenceStaleTime = 60 * 60 * 1000;

export const countriesOptions = () =>
  queryOptions({
    queryKey: referenceKeys.countries(),
    queryFn: ({ signal }) => unwrap(api.GET("/countries", { signal })),
    select: (countries): ReferenceOption[] =>
      countries.map(({ id, label, emoji }) => ({ value: id, label, icon: emoji })),
    staleTime: referenceStaleTime,
  });

export const industriesOptions = () =>
  queryOptions({
    queryKey: referenceKeys.industries(),
    queryFn: ({ signal }) => unwrap(api.GET("/industries", { signal })),
    select: (industries): ReferenceOption[] => industries.map(({ id, label }) => ({ value: id, label })),
    staleTime: referenceStaleTime,
  });
