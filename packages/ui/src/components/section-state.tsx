import { cva, type VariantProps } from "class-variance-authority";
import { CircleSlash, Clock, History, Inbox, TriangleAlert } from "lucide-react";
import type * as React from "react";
import { cn } from "../lib/cn";

/** Whether a section or figure has data (the contract's FigureStatus). */
export type SectionStatus = "ok" | "insufficient_history" | "no_data" | "not_available" | "stale" | "error";

const headlines: Record<Exclude<SectionStatus, "ok">, string> = {
  insufficient_history: "Not enough history",
  no_data: "No data for this period",
  not_available: "Not available",
  stale: "These figures may be out of date",
  error: "These figures could not be computed",
};

const icons = {
  insufficient_history: History,
  no_data: Inbox,
  not_available: CircleSlash,
  stale: Clock,
  error: TriangleAlert,
} as const;

/**
 * The words for a status, with its reason: in brackets when it is a short note ('Not enough history (needs 20
 * posts, has 7)'), after the headline when it is a sentence ('Not enough history. Keywords need 20 posts …').
 * Undefined for 'ok'. Used wherever a missing value would otherwise tempt a 0.
 */
export function sectionStateText(status: SectionStatus, reason?: string | null): string | undefined {
  if (status === "ok") return undefined;
  const headline = headlines[status];
  if (!reason) return headline;
  // A reason written as a sentence (with what to do next) follows the headline; a short note goes in brackets.
  return /[.!?]$/.test(reason.trim()) ? `${headline}. ${reason.trim()}` : `${headline} (${reason})`;
}

export const sectionStateVariants = cva("text-muted-foreground", {
  variants: {
    layout: {
      /** Fills a card where a chart or list would be. */
      block:
        "flex flex-col items-center justify-center gap-2 rounded-md border border-dashed px-4 py-10 text-center text-sm",
      /** One line, e.g. in place of a figure's value. */
      inline: "inline-flex items-center gap-1.5 text-sm [&_svg]:size-4",
    },
  },
  defaultVariants: { layout: "block" },
});

export type SectionStateProps = Omit<React.ComponentProps<"div">, "children"> &
  VariantProps<typeof sectionStateVariants> & {
    status: SectionStatus;
    /** Why, in the user's words (the server's reason, e.g. 'needs 20 posts, has 7'). */
    reason?: string | null;
    /** Something to do about it, e.g. a link to import data. Block layout only. */
    action?: React.ReactNode;
  };

/**
 * Says why a section or figure shows no value: not enough history, no data, stale or failed, with the reason.
 * Renders nothing when the status is 'ok'.
 */
export function SectionState({ className, status, reason, layout, action, ...props }: SectionStateProps) {
  if (status === "ok") return null;
  const Icon = icons[status];
  const inline = layout === "inline";
  return (
    <div
      data-slot="section-state"
      data-status={status}
      className={cn(sectionStateVariants({ layout }), className)}
      {...props}
    >
      <Icon aria-hidden="true" className={inline ? undefined : "size-6"} />
      {inline ? (
        <span>{sectionStateText(status, reason)}</span>
      ) : (
        <>
          <p className="text-foreground font-medium">{headlines[status]}</p>
          {reason ? <p>{reason}</p> : null}
          {action ? <div data-slot="section-state-action">{action}</div> : null}
        </>
      )}
    </div>
  );
}
