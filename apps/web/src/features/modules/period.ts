import type { PeriodValue } from "@brandscope/ui/period-picker";
import { useMemo } from "react";
import type { StoredArea } from "~/lib/stored-state";
import { type PeriodName, type PeriodParams, readPeriod } from "./period-params";
import { readArea, useStoredValue } from "./stored-area";

export type { PeriodName, PeriodParams } from "./period-params";

/** Decisions: a module opens on the last 30 days. */
export const DEFAULT_PERIOD: PeriodParams = { period: "30d" };

/** The parameters to send: from and to only with a custom range. */
export function periodParams(value: PeriodValue | PeriodParams): PeriodParams {
  return readPeriod(value) ?? DEFAULT_PERIOD;
}

const presetWords: Record<Exclude<PeriodName, "custom">, string> = {
  "7d": "7 days",
  "30d": "30 days",
  "90d": "90 days",
  "12m": "12 months",
};

/** 'vs previous 30 days', or 'vs previous period' for a custom range. */
export function comparisonText(value: PeriodParams): string {
  return value.period === "custom" ? "vs previous period" : `vs previous ${presetWords[value.period]}`;
}

/** The module's period, remembered in its local-storage area (key `period`). */
export function usePeriod(area: StoredArea): [PeriodParams, (next: PeriodValue) => void] {
  const [stored, setStored] = useStoredValue(area, "period", readPeriod, DEFAULT_PERIOD);
  // Stable while the choice is: query keys and effects compare it.
  const key = `${stored.period}|${stored.from ?? ""}|${stored.to ?? ""}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the value's identity
  const value = useMemo(() => stored, [key]);
  return [value, (next) => setStored(periodParams(next))];
}

/** The period usePeriod will open the module on, read outside React (a route loader asking for its figures). */
export function storedPeriod(area: StoredArea): PeriodParams {
  return readPeriod(readArea(area).period) ?? DEFAULT_PERIOD;
}
