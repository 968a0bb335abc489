/**
 * Product-wide number and time formatters (docs/product.md §9). Pure functions, English (en-US) wording.
 * Every function answers `fallback` (default "—") for a value it cannot format (NaN, ±Infinity, null, undefined,
 * an invalid Date) instead of printing "NaN".
 */

export type FormatFallback = {
  /** Shown for a missing or non-finite value. Default "—". */ fallback?: string;
};

const DEFAULT_FALLBACK = "—";

const UNITS = [
  { size: 1, suffix: "" },
  { size: 1e3, suffix: "K" },
  { size: 1e6, suffix: "M" },
  { size: 1e9, suffix: "B" },
  { size: 1e12, suffix: "T" },
] as const;

const upToTwoDecimals = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2, useGrouping: false });

function isFiniteNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/**
 * Abbreviates with K (1e3), M (1e6), B (1e9) and T (1e12), at most 2 decimals and no trailing zeros:
 * 999 → "999", 1000 → "1K", 1500 → "1.5K", 1234567 → "1.23M", -1500 → "-1.5K", 0 → "0".
 * Rounding that reaches 1000 of a unit carries into the next one: 999999 → "1M" (never "1000K"),
 * 999.999 → "1K". Values of 1000T and more stay in T ("1000T"). A value that rounds to 0 reads "0", never "-0".
 */
export function abbreviateNumber(value: number | null | undefined, options: FormatFallback = {}): string {
  if (!isFiniteNumber(value)) return options.fallback ?? DEFAULT_FALLBACK;
  const abs = Math.abs(value);
  let index = Math.max(
    0,
    UNITS.findLastIndex((unit) => abs >= unit.size),
  );
  // Scaled before dividing: 1005 / 1000 is 1.00499… in binary and would round down to "1K".
  const scaled = (at: number) =>
    upToTwoDecimals.format(Math.round((abs * 100) / (UNITS[at]?.size ?? 1)) / 100);
  let text = scaled(index);
  // Carry: 999_999 is 999.999K, which rounds to "1000"; it belongs to the next unit.
  while (Number(text) >= 1000 && index < UNITS.length - 1) {
    index += 1;
    text = scaled(index);
  }
  if (Number(text) === 0) return "0";
  return `${value < 0 ? "-" : ""}${text}${UNITS[index]?.suffix ?? ""}`;
}

export type CurrencyOptions = FormatFallback & {
  /** ISO 4217 code. Default "USD". */
  currency?: string;
  /** BCP 47 locale that decides digits and grouping. Default "en-US". */
  locale?: string;
};

/**
 * A money amount as currency symbol then amount: 89 → "$89", 1249.5 → "$1,249.50", -5 → "-$5", 0 → "$0".
 * Whole amounts show no cents; others show exactly 2. Pure on purpose: showing 0 as "Free" is the caller's
 * wording (PricingCard), not a currency rule.
 */
export function formatCurrency(amount: number | null | undefined, options: CurrencyOptions = {}): string {
  if (!isFiniteNumber(amount)) return options.fallback ?? DEFAULT_FALLBACK;
  const whole = Number.isInteger(Math.round(amount * 100) / 100);
  return new Intl.NumberFormat(options.locale ?? "en-US", {
    style: "currency",
    currency: options.currency ?? "USD",
    currencyDisplay: "narrowSymbol",
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount);
}

export type PercentOptions = FormatFallback & {
  /** At most this many decimals, trailing zeros dropped. Default 0. */
  decimals?: number;
};

/**
 * A fraction as a percentage: 0.12 → "12%", 0.125 → "13%", 0.125 with `{ decimals: 1 }` → "12.5%",
 * 0.5 with `{ decimals: 2 }` → "50%". No grouping (1234% stays "1234%"); -0 reads "0%".
 */
export function formatPercent(fraction: number | null | undefined, options: PercentOptions = {}): string {
  if (!isFiniteNumber(fraction)) return options.fallback ?? DEFAULT_FALLBACK;
  const text = new Intl.NumberFormat("en-US", {
    maximumFractionDigits: Math.max(0, Math.min(20, options.decimals ?? 0)),
    useGrouping: false,
  }).format(fraction * 100);
  return `${Number(text) === 0 ? "0" : text}%`;
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/**
 * The time left, rounded down so it never promises more than there is:
 * 3 days 20 hours → "3 days", 1 day → "1 day", 5 h 59 min → "5 hours", 59 min → "less than an hour".
 * Takes a duration in milliseconds, or two dates (`from`, `to`) and words `to - from`.
 * Durations at or below zero also read "less than an hour": whether something has expired is the caller's rule.
 */
export function formatRemainingTime(durationMs: number | null | undefined, options?: FormatFallback): string;
export function formatRemainingTime(from: Date, to: Date, options?: FormatFallback): string;
export function formatRemainingTime(
  first: number | Date | null | undefined,
  second?: Date | FormatFallback,
  third?: FormatFallback,
): string {
  const isRange = first instanceof Date;
  const options = (isRange ? third : (second as FormatFallback | undefined)) ?? {};
  const duration = isRange && second instanceof Date ? second.getTime() - first.getTime() : first;
  if (!isFiniteNumber(duration)) return options.fallback ?? DEFAULT_FALLBACK;
  if (duration >= DAY) return plural(Math.floor(duration / DAY), "day");
  if (duration >= HOUR) return plural(Math.floor(duration / HOUR), "hour");
  return "less than an hour";
}
