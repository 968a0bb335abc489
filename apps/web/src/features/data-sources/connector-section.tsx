import type { components } from "@brandscope/api-client";
import { Badge, type BadgeProps } from "@brandscope/ui/badge";
import { Button } from "@brandscope/ui/button";
import { ErrorState } from "@brandscope/ui/error-state";
import { Skeleton } from "@brandscope/ui/skeleton";
import type { UseQueryResult } from "@tanstack/react-query";
import type * as React from "react";
import { FormProblem, problemText } from "~/lib/problem";
import { formatDate, formatDateTime } from "../modules/format";
import { SectionCard } from "../modules/module-page";
import { useConnectorReturn } from "./connector-return";

/** What a connector's section says of its status, in its header. */
export interface ConnectorBadge {
  label: string;
  tone: BadgeProps["tone"];
}

/** What the server's redirect after the provider's consent may say (`?connector=<connector>&status=…|error=…`). */
export interface ConsentReturn {
  connector: string;
  messages: Record<string, string>;
  /** Said for an error the messages do not name. */
  failed: string;
}

/**
 * The shell every connector's section on the Data sources screen shares: its card with the status badge, the
 * outcome of a consent the user is back from, and the connector's body once loaded (a skeleton while it loads, the
 * error with a retry when it could not be).
 */
export function ConnectorSection<T>({
  title,
  description,
  name,
  query,
  badge,
  consentReturn,
  sunsetNotice,
  body: Body,
}: {
  title: string;
  description: string;
  /** How the load error names the connector: "We could not load the <name> connector". */
  name: string;
  query: UseQueryResult<T>;
  badge: (connector: T) => ConnectorBadge;
  consentReturn?: ConsentReturn;
  /** The platform API version the server calls, when near its sunset (the connector's `sunsetNotice`). */
  sunsetNotice?: (connector: T) => VendorSunsetNotice | null;
  /** The connector's own part, once loaded. */
  body: React.ComponentType<{ connector: T }>;
}) {
  const shown = query.data === undefined ? null : badge(query.data);
  const sunset = query.data === undefined ? null : (sunsetNotice?.(query.data) ?? null);
  return (
    <SectionCard
      title={title}
      description={description}
      actions={shown ? <Badge tone={shown.tone}>{shown.label}</Badge> : null}
    >
      <div className="flex flex-col gap-5">
        {consentReturn ? <ConsentReturnMessage {...consentReturn} /> : null}
        {sunset ? (
          <p
            role="status"
            className="border-warning/40 bg-warning/15 text-warning-strong rounded-md border px-3 py-2 text-sm"
          >
            {sunsetText(sunset)}
          </p>
        ) : null}
        {query.isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : query.isError ? (
          <ErrorState
            title={`We could not load the ${name} connector`}
            message={problemText(query.error)}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
          <Body connector={query.data} />
        )}
      </div>
    </SectionCard>
  );
}

type VendorSunsetNotice = components["schemas"]["VendorSunsetNotice"];

/** The sentence of an API version near its sunset: whose it is to act (the operator's), and by when. */
export function sunsetText(notice: VendorSunsetNotice): string {
  const day = formatDate(notice.sunset);
  return notice.daysLeft > 0
    ? `Brandscope calls ${notice.vendor} ${notice.version}, which ends on ${day} (in ${notice.daysLeft} ${notice.daysLeft === 1 ? "day" : "days"}): Brandscope's operator must update Brandscope before then.`
    : `Brandscope calls ${notice.vendor} ${notice.version}, which ended on ${day}: Brandscope's operator must update Brandscope.`;
}

function ConsentReturnMessage({ connector, messages, failed }: ConsentReturn) {
  const returned = useConnectorReturn(connector, messages, failed);
  if (!returned) return null;
  return (
    <p
      role={returned.failed ? "alert" : "status"}
      className={returned.failed ? "text-destructive text-sm" : "text-foreground text-sm"}
    >
      {returned.message}
    </p>
  );
}

/** The part of a mutation a button shows: the call, whether it runs, and how it failed. */
interface Action {
  isPending: boolean;
  error: unknown;
  mutate(): void;
}

/** Starts the provider's consent and sends the browser to it (the server answers the provider's URL). */
export function ConsentButton({ label, authorize }: { label: string; authorize: ConsentStart }) {
  return (
    <>
      <Button
        loading={authorize.isPending}
        onClick={() => authorize.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url) })}
      >
        {label}
      </Button>
      <FormProblem error={authorize.error} />
    </>
  );
}

interface ConsentStart {
  isPending: boolean;
  error: unknown;
  mutate(variables: undefined, options: { onSuccess: (answer: { url: string }) => void }): void;
}

/** A connector the server can connect but that is not connected: what to connect with, and the button. */
export function ConnectPrompt({ children, action }: { children: React.ReactNode; action: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-muted-foreground text-sm">{children}</p>
      <div className="flex flex-wrap items-center gap-3">{action}</div>
    </div>
  );
}

/** Why a connector cannot be used on this server (its statusReason). */
export function Unavailable({ reason }: { reason: string | null }) {
  return <p className="text-muted-foreground text-sm">{reason}</p>;
}

/**
 * The status line: the status's sentence, then (once read can be) the last and next reads and what the connector
 * adds (`details`, each part starting with " · ").
 */
export function ReadStatus({
  connector,
  details = "",
  read = true,
}: {
  connector: { statusReason: string | null; lastSuccessAt: string | null; nextRunAt: string | null };
  details?: string;
  read?: boolean;
}) {
  return (
    <div aria-live="polite" className="text-muted-foreground flex flex-col gap-1 text-sm">
      {connector.statusReason ? <p className="text-foreground">{connector.statusReason}</p> : null}
      {read ? (
        <p>
          {connector.lastSuccessAt ? `Last read ${formatDate(connector.lastSuccessAt)}` : "Not read yet"}
          {connector.nextRunAt ? ` · next read ${formatDateTime(connector.nextRunAt)}` : ""}
          {details}
        </p>
      ) : null}
    </div>
  );
}

/**
 * "Read again now" (or, when the connection must be made again, `reconnect` in its place) and the disconnect
 * button, with what went wrong with either or with `otherError` (a choice the connector's body made).
 */
export function ConnectorActions({
  refresh,
  refreshDisabled,
  reconnect,
  disconnect,
  disconnectLabel,
  otherError,
}: {
  refresh: Action;
  refreshDisabled: boolean;
  reconnect?: React.ReactNode;
  disconnect: Action;
  disconnectLabel: string;
  otherError?: unknown;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      {reconnect ?? (
        <Button
          emphasis="secondary"
          loading={refresh.isPending}
          disabled={refreshDisabled}
          onClick={() => refresh.mutate()}
        >
          Read again now
        </Button>
      )}
      <Button emphasis="ghost" loading={disconnect.isPending} onClick={() => disconnect.mutate()}>
        {disconnectLabel}
      </Button>
      <FormProblem error={refresh.error ?? disconnect.error ?? otherError} />
    </div>
  );
}
