import { Bell } from "lucide-react";
import { DropdownMenu as DropdownMenuPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "../lib/cn";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "./dropdown-menu";

export interface NotificationItem {
  id: string;
  title: string;
  detail: string;
  /** Where the entry leads: the figure at its period. */
  href: string;
  /** When it fired, as the reader should see it ("2 hours ago", "7 Dec, 08:05"). */
  when: string;
  read: boolean;
}

export interface NotificationGroup {
  id: string;
  items: NotificationItem[];
}

export interface NotificationsMenuProps {
  groups: NotificationGroup[];
  unread: number;
  /** An entry was chosen: the app marks it read (and follows its link). */
  onOpenItem?: (id: string) => void;
  onMarkAllRead?: () => void;
  /**
   * The entry's link as the app's router renders it (so middle-click opens a new tab); a plain anchor otherwise.
   * The element must pass on the props it is given (the menu item's role, focus and click) to its anchor.
   */
  renderLink?: (href: string, children: React.ReactNode) => React.ReactElement;
  /** Why the list could not be loaded; the button stays. */
  error?: string;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  className?: string;
}

/** More than this many alerts of one run are shown under one heading, so a burst reads as one event. */
export const GROUP_FROM = 4;

const countLabel = (n: number) => (n > 99 ? "99+" : String(n));

/**
 * The notifications menu of the top bar: a bell with the member's unread count, opening the newest alerts, each a
 * link to its figure. A run in which many alerts fired is one group under a heading. 'Mark all as read' keeps the
 * menu open.
 */
export function NotificationsMenu({
  groups,
  unread,
  onOpenItem,
  onMarkAllRead,
  renderLink,
  error,
  open,
  onOpenChange,
  className,
}: NotificationsMenuProps) {
  const label = unread > 0 ? `Notifications, ${countLabel(unread)} unread` : "Notifications";
  const empty = groups.every((g) => g.items.length === 0);
  return (
    <DropdownMenu {...(open === undefined ? {} : { open })} {...(onOpenChange ? { onOpenChange } : {})}>
      <DropdownMenuTrigger
        aria-label={label}
        className={cn(
          "hover:bg-accent focus-visible:ring-ring relative inline-flex size-9 items-center justify-center rounded-md",
          "outline-none focus-visible:ring-2",
          className,
        )}
      >
        <Bell aria-hidden className="size-5" />
        {unread > 0 ? (
          <span
            aria-hidden
            data-slot="notifications-count"
            className="bg-destructive text-destructive-foreground absolute -top-0.5 -right-0.5 min-w-4 rounded-full px-1 text-[0.625rem] leading-4 font-semibold"
          >
            {countLabel(unread)}
          </span>
        ) : null}
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-96 max-w-[calc(100vw-1rem)]" aria-label="Notifications">
        <div className="flex items-center justify-between px-2 py-1.5">
          <span className="text-sm font-semibold">Notifications</span>
          {unread > 0 && onMarkAllRead ? (
            <DropdownMenuItem
              className="h-7 text-xs"
              onSelect={(event) => {
                event.preventDefault();
                onMarkAllRead();
              }}
            >
              Mark all as read
            </DropdownMenuItem>
          ) : null}
        </div>
        <DropdownMenuSeparator />
        {error ? (
          <DropdownMenuItem
            disabled
            className="text-destructive-strong h-auto py-3 data-disabled:opacity-100"
          >
            {error}
          </DropdownMenuItem>
        ) : empty ? (
          <DropdownMenuItem disabled className="text-muted-foreground h-auto py-3 data-disabled:opacity-100">
            No notifications yet.
          </DropdownMenuItem>
        ) : (
          <div className="max-h-[60vh] overflow-y-auto">
            {groups.map((group) =>
              group.items.length >= GROUP_FROM ? (
                <DropdownMenuPrimitive.Group
                  key={group.id}
                  aria-label={`${group.items.length} alerts at once`}
                >
                  <DropdownMenuPrimitive.Label className="text-muted-foreground px-2 pt-2 pb-1 text-xs font-medium">
                    {group.items.length} alerts at once · {group.items[0]?.when}
                  </DropdownMenuPrimitive.Label>
                  {group.items.map((item) => (
                    <Entry key={item.id} item={item} onOpenItem={onOpenItem} renderLink={renderLink} />
                  ))}
                </DropdownMenuPrimitive.Group>
              ) : (
                group.items.map((item) => (
                  <Entry key={item.id} item={item} onOpenItem={onOpenItem} renderLink={renderLink} />
                ))
              ),
            )}
          </div>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function Entry({
  item,
  onOpenItem,
  renderLink,
}: {
  item: NotificationItem;
  onOpenItem: NotificationsMenuProps["onOpenItem"];
  renderLink: NotificationsMenuProps["renderLink"];
}) {
  const children = (
    <>
      <span
        aria-hidden
        className={cn("mt-1.5 size-2 shrink-0 rounded-full", item.read ? "bg-transparent" : "bg-primary")}
      />
      <span className="flex min-w-0 flex-col gap-0.5">
        <span className={cn("text-sm", item.read ? "font-normal" : "font-semibold")}>
          {item.title}
          {item.read ? null : <span className="sr-only"> (unread)</span>}
        </span>
        <span className="text-muted-foreground line-clamp-2 text-xs">{item.detail}</span>
        <span className="text-muted-foreground text-xs">{item.when}</span>
      </span>
    </>
  );
  return (
    // A click (Enter is one too) rather than onSelect: the router's link prevents the default, and Radix skips
    // onSelect then.
    <DropdownMenuItem asChild className="h-auto items-start py-2" onClick={() => onOpenItem?.(item.id)}>
      {renderLink ? renderLink(item.href, children) : <a href={item.href}>{children}</a>}
    </DropdownMenuItem>
  );
}
