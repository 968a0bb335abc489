import { type components, unwrap } from "@brandscope/api-client";
import { queryOptions } from "@tanstack/react-query";
import { readArea, writeArea } from "~/features/modules/stored-area";
import { api } from "~/lib/api";

type Country = components["schemas"]["Country"];
type Industry = components["schemas"]["Industry"];

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

const isListed = (item: unknown): item is { id: string; label: string } =>
  typeof item === "object" &&
  item !== null &&
  typeof (item as { id?: unknown }).id === "string" &&
  typeof (item as { label?: unknown }).label === "string";

/**
 * A reference list kept in its local-storage area (docs/product.md §7: `country`, `industry`) with when it was
 * loaded: a reload starts from it instead of asking again while it is fresh, and logout clears it.
 */
function storedList<T extends { id: string; label: string }>(area: "country" | "industry") {
  const { list, loadedAt } = readArea(area);
  if (!Array.isArray(list) || !list.every(isListed) || typeof loadedAt !== "number") return undefined;
  return { list: list as T[], loadedAt };
}

function referenceList<T extends { id: string; label: string }>(
  area: "country" | "industry",
  load: (signal: AbortSignal) => Promise<T[]>,
) {
  return {
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const list = await load(signal);
      writeArea(area, { list, loadedAt: Date.now() });
      return list;
    },
    initialData: () => storedList<T>(area)?.list,
    initialDataUpdatedAt: () => storedList<T>(area)?.loadedAt,
    staleTime: referenceStaleTime,
  };
}

export const countriesOptions = () =>
  queryOptions({
    queryKey: referenceKeys.countries(),
    ...referenceList<Country>("country", (signal) => unwrap(api.GET("/countries", { signal }))),
    select: (countries): ReferenceOption[] =>
      countries.map(({ id, label, emoji }) => ({ value: id, label, icon: emoji })),
  });

export const industriesOptions = () =>
  queryOptions({
    queryKey: referenceKeys.industries(),
    ...referenceList<Industry>("industry", (signal) => unwrap(api.GET("/industries", { signal }))),
    select: (industries): ReferenceOption[] => industries.map(({ id, label }) => ({ value: id, label })),
  });
