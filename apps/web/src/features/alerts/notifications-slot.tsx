import { type components, errorMessage, unwrap } from "@brandscope/api-client";
import { type NotificationGroup, NotificationsMenu } from "@brandscope/ui/notifications-menu";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, type LinkComponentProps } from "@tanstack/react-router";
import { useState } from "react";
import { api } from "~/lib/api";
import { alertsOptions } from "./queries";

type AlertList = components["schemas"]["AlertList"];

const relative = new Intl.RelativeTimeFormat("en-GB", { numeric: "auto" });

/** "5 minutes ago", "3 hours ago", "yesterday": when an alert fired, as the reader thinks of it. */
export function whenLabel(firedAt: string, now: Date): string {
  const minutes = Math.round((new Date(firedAt).getTime() - now.getTime()) / 60_000);
  if (minutes > -60) return relative.format(Math.min(minutes, 0), "minute");
  const hours = Math.round(minutes / 60);
  if (hours > -24) return relative.format(hours, "hour");
  return relative.format(Math.round(hours / 24), "day");
}

export function groupsOf(list: AlertList, now: Date): NotificationGroup[] {
  return list.groups.map((group) => ({
    id: group.id,
    items: group.alerts.map((alert) => ({
      id: alert.id,
      title: alert.title,
      detail: alert.detail,
      href: alert.link,
      when: whenLabel(alert.firedAt, now),
      read: alert.read,
    })),
  }));
}

/**
 * An alert's link (`/content?brand=…&period=custom&from=…&to=…`) as a router link, its query as the route's search.
 * The menu item's props (role, focus, the click that marks it read) are passed on to the anchor.
 */
function AlertLink({ href, children, ...props }: { href: string } & Omit<React.ComponentProps<"a">, "href">) {
  const url = new URL(href, window.location.origin);
  return (
    <Link
      {...props}
      to={url.pathname as LinkComponentProps["to"]}
      search={Object.fromEntries(url.searchParams) as never}
    >
      {children}
    </Link>
  );
}

/**
 * The notifications menu of the top bar (docs/alerts.md): the member's unread count, the newest alerts, each
 * marked read when opened; 'Mark all as read'. Read state is the member's own, kept by the server.
 */
export function NotificationsSlot() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const alerts = useQuery(alertsOptions());
  const markRead = useMutation({
    mutationFn: (body: components["schemas"]["MarkAlertsReadRequest"]) =>
      unwrap(api.POST("/alerts/read", { body })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertsOptions().queryKey }),
  });
  const list = alerts.data;
  return (
    <NotificationsMenu
      groups={list ? groupsOf(list, new Date()) : []}
      unread={list?.unread ?? 0}
      error={alerts.isError ? errorMessage(alerts.error) : undefined}
      open={open}
      onOpenChange={setOpen}
      onOpenItem={(id) => {
        markRead.mutate({ ids: [id] });
        setOpen(false);
      }}
      onMarkAllRead={() => markRead.mutate({ all: true })}
      renderLink={(href, children) => <AlertLink href={href}>{children}</AlertLink>}
    />
  );
}
