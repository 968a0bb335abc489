import type * as React from "react";
import { cn } from "../lib/cn";
import { Badge } from "./badge";

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/**
 * How long ago, in words without the 'ago': '3 hours', '1 day', 'less than a minute'. Rounded down, so it never
 * claims fresher data than there is. A time in the future (clock skew) reads 'less than a minute'.
 */
export function formatTimeAgo(then: Date | string | number, now: Date | number = Date.now()): string {
  const at = then instanceof Date ? then.getTime() : new Date(then).getTime();
  if (!Number.isFinite(at)) return "an unknown time";
  const seconds = Math.floor(((now instanceof Date ? now.getTime() : now) - at) / 1000);
  for (const [unit, size] of UNITS) {
    const count = Math.floor(seconds / size);
    if (count >= 1) return `${count} ${unit}${count === 1 ? "" : "s"}`;
  }
  return "less than a minute";
}

function isoOrUndefined(value: Date | string): string | undefined {
  const date = new Date(value);
  return Number.isFinite(date.getTime()) ? date.toISOString() : undefined;
}

const dayFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

export type ProvenanceNoteProps = Omit<React.ComponentProps<"p">, "children"> & {
  /** Sample (demo) data: says so, whatever the source. */
  sample?: boolean;
  /** The day sample data is as of (its data set's own date): 'Sample data as of 24 Nov 2026'. */
  sampleAsOf?: Date | string | null;
  /** Where the figures come from, e.g. 'Instagram export' or 'Website'. */
  source?: React.ReactNode;
  /** When they were computed. */
  updatedAt?: Date | string | null;
  /** 'Now', for a stable rendering in tests and stories. */
  now?: Date | number;
  /** The figures rest on data older than expected for its source: still shown, with the data's date. */
  stale?: boolean;
  /** The newest data behind the figures; shown when they are stale. */
  dataAsOf?: Date | string | null;
};

/** ' · data from 3 Nov 2026 · stale', as a warning: the figures are shown, but their data is old. */
function StaleNote({ dataAsOf }: { dataAsOf: Date | string | null | undefined }) {
  const date = dataAsOf ? new Date(dataAsOf) : undefined;
  const known = date && Number.isFinite(date.getTime()) ? date : undefined;
  return (
    <span data-slot="provenance-stale" className="text-warning-strong font-medium">
      {known ? (
        <>
          data from <time dateTime={known.toISOString()}>{dayFormat.format(known)}</time> ·{" "}
        </>
      ) : null}
      stale
    </span>
  );
}

/** ' as of 24 Nov 2026' after the sample badge; nothing when the day is unknown. */
function SampleAsOf({ day }: { day: Date | string | null | undefined }) {
  const date = day ? new Date(day) : undefined;
  if (!date || !Number.isFinite(date.getTime())) return null;
  return (
    <span data-slot="provenance-sample-as-of">
      {" as of "}
      <time dateTime={date.toISOString()}>{dayFormat.format(date)}</time>
    </span>
  );
}

/**
 * Where a module's figures come from and how fresh they are: 'Sample data', or 'Website · updated 3 hours ago', with
 * ' · data from 3 Nov 2026 · stale' after it when the data is older than its source's cadence allows.
 */
export function ProvenanceNote({
  className,
  sample = false,
  sampleAsOf,
  source,
  updatedAt,
  now,
  stale = false,
  dataAsOf,
  ...props
}: ProvenanceNoteProps) {
  return (
    <p
      data-slot="provenance-note"
      className={cn("text-muted-foreground flex items-center text-xs whitespace-pre-wrap", className)}
      {...props}
    >
      {sample ? (
        <>
          <Badge tone="warning" size="sm">
            Sample data
          </Badge>
          <SampleAsOf day={sampleAsOf} />
        </>
      ) : (
        <>
          {source ? <span>{source}</span> : null}
          {source && updatedAt ? " · " : null}
          {updatedAt ? (
            <span>
              updated <time dateTime={isoOrUndefined(updatedAt)}>{formatTimeAgo(updatedAt, now)} ago</time>
            </span>
          ) : null}
        </>
      )}
      {stale ? (
        <>
          {sample || source || updatedAt ? " · " : null}
          <StaleNote dataAsOf={dataAsOf} />
        </>
      ) : null}
    </p>
  );
}
