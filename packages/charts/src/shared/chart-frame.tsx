import { cn } from "@brandscope/ui/cn";
import type { ReactNode } from "react";
import { VisuallyHiddenTable, type VisuallyHiddenTableProps } from "./visually-hidden-table";

export type ChartSize = { height: number } | { aspectRatio: number };

export interface ChartFrameProps {
  ariaLabel: string;
  size: ChartSize;
  /** What a screen reader gets instead of the picture. */
  table: Omit<VisuallyHiddenTableProps, "caption">;
  isEmpty: boolean;
  emptyMessage?: string;
  className?: string;
  /** Drawn under the chart, e.g. a colour scale; the table already carries its information. */
  footer?: ReactNode;
  children: ReactNode;
}

const DEFAULT_EMPTY_MESSAGE = "No data to show yet";

/**
 * What every chart shares: a fixed-size box the responsive chart fills, labelled as one image
 * (the chart's own svg is presentation only), the data table beside it, and the empty state.
 */
export function ChartFrame({
  ariaLabel,
  size,
  table,
  isEmpty,
  emptyMessage = DEFAULT_EMPTY_MESSAGE,
  className,
  footer,
  children,
}: ChartFrameProps) {
  const style = "height" in size ? { height: size.height } : { aspectRatio: size.aspectRatio };
  if (isEmpty) {
    return (
      <div
        data-slot="chart"
        data-state="empty"
        className={cn(
          "text-muted-foreground flex w-full items-center justify-center rounded-md border border-dashed px-4 text-center text-sm",
          className,
        )}
        style={style}
      >
        <p>
          <span className="sr-only">{ariaLabel}: </span>
          {emptyMessage}
        </p>
      </div>
    );
  }
  return (
    <div data-slot="chart" className={cn("w-full", className)}>
      <div role="img" aria-label={ariaLabel} className="w-full" style={style}>
        {children}
      </div>
      {footer}
      <VisuallyHiddenTable caption={ariaLabel} {...table} />
    </div>
  );
}
