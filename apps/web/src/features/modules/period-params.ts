import type { components } from "@brandscope/api-client";

/*
 * A period as the API and the URL carry it, and its check. Kept apart from period.ts (the module screens' hook,
 * which vite.config.ts groups with the module screens' chunk): route options import this file, and they ship with
 * the router on every page, /sign-in included (e2e/bundle.e2e.test.ts).
 */

export type PeriodName = components["schemas"]["PeriodName"];
/** The query parameters every period-aware call takes (Period, From, To in the contract). */
export type PeriodParams = { period: PeriodName; from?: string; to?: string };

const NAMES: readonly PeriodName[] = ["7d", "30d", "90d", "12m", "custom"];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What storage (or a URL) holds, as a usable period; undefined when it is not one (a custom range needs both days). */
export function readPeriod(stored: unknown): PeriodParams | undefined {
  if (typeof stored !== "object" || stored === null) return undefined;
  const { period, from, to } = stored as Record<string, unknown>;
  if (typeof period !== "string" || !NAMES.includes(period as PeriodName)) return undefined;
  if (period !== "custom") return { period: period as PeriodName };
  if (typeof from !== "string" || typeof to !== "string" || !DATE.test(from) || !DATE.test(to) || from > to) {
    return undefined;
  }
  return { period: "custom", from, to };
}
