import { Bell } from "lucide-react";
import { cn } from "../../lib/cn";
import type { MenuHandoff } from "../../lib/menu-handoff";

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

export const countLabel = (n: number) => (n > 99 ? "99+" : String(n));

/** The button's accessible name: the unread count is in it, as the badge shows it. */
export const triggerLabel = (unread: number) =>
  unread > 0 ? `Notifications, ${countLabel(unread)} unread` : "Notifications";

export const triggerClassName = (className?: string) =>
  cn(
    "hover:bg-accent focus-visible:ring-ring relative inline-flex size-9 items-center justify-center rounded-md",
    "outline-none focus-visible:ring-2",
    className,
  );

/** The bell and its unread badge, the same on the stand-in button and the menu's trigger. */
export function TriggerContent({ unread }: { unread: number }) {
  return (
    <>
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
    </>
  );
}

export type NotificationsHandoff = MenuHandoff;
