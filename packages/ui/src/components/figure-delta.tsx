import { ArrowDownRight, ArrowUpRight, Minus } from "lucide-react";
import type * as React from "react";
import { cn } from "../lib/cn";
import { type ChangeDirection, statChangeVariants } from "./stat-card";

const directionParts = {
  increase: { icon: ArrowUpRight, word: "Up", spoken: "Increased by" },
  decrease: { icon: ArrowDownRight, word: "Down", spoken: "Decreased by" },
  unchanged: { icon: Minus, word: "No change", spoken: "Unchanged" },
} as const;

export type FigureDeltaProps = Omit<React.ComponentProps<"p">, "children"> & {
  /** Which way the figure moved against the previous period; `null` when there is nothing to compare with. */
  direction: ChangeDirection | null;
  /** The size of the change, already formatted ('12.5%'); without it the direction's word shows. */
  change?: React.ReactNode;
  /** What it compares with, e.g. 'vs previous 30 days'. */
  comparison?: React.ReactNode;
  /** Which way is good news: colours follow the meaning, words the direction. */
  goodDirection?: "increase" | "decrease";
  /** Said instead of a change when `direction` is null, e.g. 'No previous period to compare'. */
  missing?: React.ReactNode;
};

/**
 * A figure's change against the previous period of the same length: an arrow and words ('Increased by 12%' for
 * screen readers), never colour alone. Without a direction it says why there is no comparison rather than
 * showing a 0% change.
 */
export function FigureDelta({
  className,
  direction,
  change,
  comparison,
  goodDirection = "increase",
  missing = "No previous period to compare",
  ...props
}: FigureDeltaProps) {
  if (direction === null) {
    return (
      <p
        data-slot="figure-delta"
        data-direction="none"
        className={cn("text-muted-foreground text-sm", className)}
        {...props}
      >
        {missing}
      </p>
    );
  }
  const parts = directionParts[direction];
  const Icon = parts.icon;
  const sentiment =
    direction === "unchanged" ? "neutral" : direction === goodDirection ? "positive" : "negative";
  return (
    <p
      data-slot="figure-delta"
      data-direction={direction}
      className={cn("flex flex-wrap items-center gap-x-2 gap-y-1 text-sm", className)}
      {...props}
    >
      <span className={statChangeVariants({ sentiment })} data-sentiment={sentiment}>
        <Icon aria-hidden="true" />
        {change === undefined || direction === "unchanged" ? (
          parts.word
        ) : (
          <>
            <span className="sr-only">{parts.spoken} </span>
            {change}
          </>
        )}
      </span>
      {comparison ? <span className="text-muted-foreground">{comparison}</span> : null}
    </p>
  );
}
