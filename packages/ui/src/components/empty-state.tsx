import { Inbox } from "lucide-react";
import type * as React from "react";
import { cn } from "../lib/cn";

export type EmptyStateProps = Omit<React.ComponentProps<"div">, "title"> & {
  title: React.ReactNode;
  description?: React.ReactNode;
  /** A decorative icon; an inbox by default, `null` for none. */
  icon?: React.ReactNode;
  /** What the user can do about it, e.g. a Button ('Connect your brand'). */
  action?: React.ReactNode;
};

/** Where a list, table or chart has nothing to show yet: say why, and what to do next. */
export function EmptyState({ className, title, description, icon, action, ...props }: EmptyStateProps) {
  return (
    <div
      data-slot="empty-state"
      className={cn(
        "flex flex-col items-center justify-center gap-4 rounded-lg border border-dashed px-6 py-12 text-center",
        className,
      )}
      {...props}
    >
      {icon === null ? null : (
        <div
          data-slot="empty-state-icon"
          aria-hidden="true"
          className="bg-muted text-muted-foreground grid size-12 place-items-center rounded-full [&_svg]:size-6"
        >
          {icon ?? <Inbox />}
        </div>
      )}
      <div className="flex max-w-sm flex-col gap-1.5">
        <p data-slot="empty-state-title" className="text-foreground text-base font-semibold">
          {title}
        </p>
        {description ? (
          <p data-slot="empty-state-description" className="text-muted-foreground text-sm leading-relaxed">
            {description}
          </p>
        ) : null}
      </div>
      {action ? <div data-slot="empty-state-action">{action}</div> : null}
    </div>
  );
}
