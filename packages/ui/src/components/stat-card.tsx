import { cva } from "class-variance-authority";
import { ArrowDownRight, ArrowUpRight, Minus } from "lucide-react";
import type * as React from "react";
import { cn } from "../lib/cn";
import { Badge } from "./badge";
import { Skeleton } from "./skeleton";

/** The change directions (docs/product.md §3 "Enumerations"), plus 'unchanged' for a flat period. */
export type ChangeDirection = "increase" | "decrease" | "unchanged";

export type StatChange = {
  direction: ChangeDirection;
  /** The size of the change, already formatted ('12.5%', '1.2K'); without it the direction's word shows. */
  value?: React.ReactNode;
  /** What it compares with, e.g. 'vs previous 30 days'. */
  comparison?: React.ReactNode;
};

export const statChangeVariants = cva(
  "inline-flex items-center gap-0.5 rounded-md text-sm font-medium tabular-nums [&_svg]:size-4",
  {
    variants: {
      sentiment: {
        positive: "text-success-strong",
        negative: "text-destructive-strong",
        neutral: "text-muted-foreground",
      },
    },
    defaultVariants: { sentiment: "neutral" },
  },
);

const directionParts = {
  increase: { icon: ArrowUpRight, word: "Up", spoken: "Increased by" },
  decrease: { icon: ArrowDownRight, word: "Down", spoken: "Decreased by" },
  unchanged: { icon: Minus, word: "No change", spoken: "Unchanged" },
} as const;

export type StatCardProps = Omit<React.ComponentProps<"div">, "children"> & {
  label: React.ReactNode;
  /** The figure, already formatted (e.g. with abbreviateNumber: '1.2M'). */
  value: React.ReactNode;
  change?: StatChange;
  /** Which way is good news: 'increase' (default) shows a rise in the success colour, a fall in the error one. */
  goodDirection?: "increase" | "decrease";
  /** Where the figure comes from when that matters, e.g. 'Sample data'. */
  note?: React.ReactNode;
  loading?: boolean;
};

/**
 * A headline figure with its change over the period. The direction shows as an arrow and words (spoken
 * 'Increased by 12%'), never by colour alone.
 */
export function StatCard({
  className,
  label,
  value,
  change,
  goodDirection = "increase",
  note,
  loading = false,
  ...props
}: StatCardProps) {
  const sentiment =
    !change || change.direction === "unchanged"
      ? "neutral"
      : change.direction === goodDirection
        ? "positive"
        : "negative";
  const parts = change ? directionParts[change.direction] : undefined;
  const Icon = parts?.icon;
  return (
    <div
      data-slot="stat-card"
      aria-busy={loading || undefined}
      className={cn("bg-card text-card-foreground flex flex-col gap-3 rounded-lg border p-5", className)}
      {...props}
    >
      <div className="flex items-start justify-between gap-2">
        <p data-slot="stat-card-label" className="text-muted-foreground text-sm font-medium">
          {label}
        </p>
        {note ? (
          <Badge data-slot="stat-card-note" tone="outline" size="sm" className="text-muted-foreground">
            {note}
          </Badge>
        ) : null}
      </div>
      {loading ? (
        <>
          <Skeleton className="h-8 w-24" />
          <Skeleton className="h-4 w-32" />
          <span className="sr-only">Loading</span>
        </>
      ) : (
        <>
          <p data-slot="stat-card-value" className="text-3xl font-semibold tracking-tight tabular-nums">
            {value}
          </p>
          {change && parts && Icon ? (
            <p data-slot="stat-card-change" className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
              <span
                className={statChangeVariants({ sentiment })}
                data-direction={change.direction}
                data-sentiment={sentiment}
              >
                <Icon aria-hidden="true" />
                {change.value === undefined ? (
                  parts.word
                ) : (
                  <>
                    <span className="sr-only">{parts.spoken} </span>
                    {change.value}
                  </>
                )}
              </span>
              {change.comparison ? <span className="text-muted-foreground">{change.comparison}</span> : null}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
