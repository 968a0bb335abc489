import { abbreviateNumber, formatPercent } from "@brandscope/ui/format";

/** An engagement rate (a fraction): '4.12%'. Missing stays missing ('—'), never '0%'. */
export const formatRate = (value: number | null | undefined) => formatPercent(value, { decimals: 2 });

/** A share of a whole (a fraction): '27%'. */
export const formatShare = (value: number | null | undefined) => formatPercent(value, { decimals: 0 });

/** A relative change (0.1288 → '12.9%'), without its sign: the direction says which way. */
export const formatChange = (value: number | null | undefined) =>
  formatPercent(value === null || value === undefined ? value : Math.abs(value), { decimals: 1 });

/** A count, abbreviated per docs/product.md §9: 1.28M. */
export const formatCount = (value: number | null | undefined) => abbreviateNumber(value);

const wholeFormat = new Intl.NumberFormat("en-GB");
/** '100,000': an exact count (rows, quota units), not abbreviated. */
export const formatWhole = (value: number) => wholeFormat.format(value);

/** Seconds as '2m 41s'. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return "—";
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  return minutes > 0 ? `${minutes}m ${whole % 60}s` : `${whole}s`;
}

/** A plain decimal with at most 2 places: 3.4. */
export function formatDecimal(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "—";
  return new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 }).format(value);
}

/** Cost per click in its currency (ISO 4217): '$0.84', '£0.80'. */
export function formatCpc(value: number | null | undefined, currency = "USD"): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "—";
  return new Intl.NumberFormat("en-US", { style: "currency", currency, minimumFractionDigits: 2 }).format(
    value,
  );
}

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric" });

/** '21 Nov 2026'. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return "—";
  const date = new Date(value);
  return Number.isFinite(date.getTime()) ? dateFormat.format(date) : "—";
}

const monthFormat = new Intl.DateTimeFormat("en-GB", { month: "short", year: "numeric", timeZone: "UTC" });

/** 'Nov 2026': a month, given by its first day. */
export function formatMonth(value: string): string {
  const date = new Date(value);
  return Number.isFinite(date.getTime()) ? monthFormat.format(date) : "—";
}

const dateTimeFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
});

/** '26 Nov, 14:17': a moment within the next day or so, in the user's time zone. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  return Number.isFinite(date.getTime()) ? dateTimeFormat.format(date) : "—";
}

/** A reason as the server words it, ending as a sentence does. */
export const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/**
 * Why a figure left posts out: their likes or comments are unknown (not in the imported file, or hidden by the
 * platform), which is not the same as none (docs/analytics-methods.md §0).
 */
export function unknownEngagementText(n: number | null | undefined): string | null {
  if (!n) return null;
  return `${wholeFormat.format(n)} ${n === 1 ? "post" : "posts"} left out: engagement not in the file (or hidden by the platform), not counted as 0.`;
}
