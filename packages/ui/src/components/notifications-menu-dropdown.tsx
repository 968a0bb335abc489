import { DropdownMenu as DropdownMenuPrimitive } from "radix-ui";
import * as React from "react";
import { cn } from "../lib/cn";
import { useMenuHandoffReplay } from "../lib/menu-handoff";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "./dropdown-menu";
import {
  GROUP_FROM,
  type NotificationItem,
  type NotificationsHandoff,
  type NotificationsMenuProps,
  TriggerContent,
  triggerClassName,
  triggerLabel,
} from "./notifications-menu/parts";

/**
 * The notifications menu itself (Radix DropdownMenu), in its own module: NotificationsMenu loads it when its button
 * is first reached, so the menu's code is not part of every signed-in page's first load (as the user menu's).
 */
export function NotificationsMenuDropdown({
  groups,
  unread,
  onOpenItem,
  onMarkAllRead,
  renderLink,
  error,
  open,
  onOpenChange,
  className,
  handoff,
}: NotificationsMenuProps & { handoff: React.RefObject<NotificationsHandoff> }) {
  const trigger = React.useRef<HTMLButtonElement>(null);
  // Replaces the stand-in button: its focus and the press that asked for the menu carry over.
  useMenuHandoffReplay(trigger, handoff);
  const empty = groups.every((g) => g.items.length === 0);
  return (
    // Not modal, as the user menu: the page stays reachable, and nothing around a focusable trigger is hidden.
    <DropdownMenu
      {...(open === undefined ? {} : { open })}
      {...(onOpenChange ? { onOpenChange } : {})}
      modal={false}
    >
      <DropdownMenuTrigger
        ref={trigger}
        aria-label={triggerLabel(unread)}
        className={triggerClassName(className)}
      >
        <TriggerContent unread={unread} />
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
