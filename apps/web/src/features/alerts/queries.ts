import { unwrap } from "@brandscope/api-client";
import { queryOptions } from "@tanstack/react-query";
import { api } from "~/lib/api";

/** The alert settings' queries, shared by the profile's Alerts parts (docs/alerts.md "In the app"). */
export const alertDeliveryKeys = {
  settings: ["alerts", "settings"] as const,
  channels: ["alerts", "channels"] as const,
};

/** How often the bell asks for new alerts while the app is open: alerts come with recomputes, minutes apart. */
const REFRESH_MS = 60_000;

/** The member's alerts and unread count, as the notifications menu shows them. */
export const alertsOptions = () =>
  queryOptions({
    queryKey: ["alerts"] as const,
    queryFn: ({ signal }) => unwrap(api.GET("/alerts", { signal })),
    refetchInterval: REFRESH_MS,
  });

export const alertSettingsOptions = () =>
  queryOptions({
    queryKey: alertDeliveryKeys.settings,
    queryFn: ({ signal }) => unwrap(api.GET("/alerts/settings", { signal })),
  });

export const alertChannelsOptions = () =>
  queryOptions({
    queryKey: alertDeliveryKeys.channels,
    queryFn: ({ signal }) => unwrap(api.GET("/alerts/channels", { signal })),
  });
