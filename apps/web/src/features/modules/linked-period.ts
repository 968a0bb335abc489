import type { StoredArea } from "~/lib/stored-state";
import { type PeriodParams, readPeriod } from "./period-params";
import { writeArea } from "./stored-area";

/**
 * A link that opens a module at a period (the weekly digest's, docs/digest.md: `?period=custom&from=…&to=…`): the
 * period it names, when it is a valid one, else nothing. The route keeps it in its search.
 */
export function linkedPeriodSearch(search: Record<string, unknown>): Partial<PeriodParams> {
  return readPeriod(search) ?? {};
}

/** Makes the linked period the module's own (usePeriod reads it from the area), as if the user had picked it. */
export function rememberLinkedPeriod(area: StoredArea, search: Partial<PeriodParams>): void {
  const period = readPeriod(search);
  if (period) writeArea(area, { period });
}
