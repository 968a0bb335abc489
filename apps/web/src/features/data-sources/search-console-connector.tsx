import type { components } from "@brandscope/api-client";
import { Badge, type BadgeProps } from "@brandscope/ui/badge";
import { Button } from "@brandscope/ui/button";
import { ErrorState } from "@brandscope/ui/error-state";
import { SelectField } from "@brandscope/ui/select";
import { Skeleton } from "@brandscope/ui/skeleton";
import { useQuery } from "@tanstack/react-query";
import { FormProblem, problemText } from "~/lib/problem";
import { formatDate, formatDateTime, formatWhole } from "../modules/format";
import { SectionCard } from "../modules/module-page";
import { useConnectorReturn } from "./connector-return";
import {
  useAuthorizeSearchConsoleMutation,
  useDisconnectSearchConsoleMutation,
  useRefreshSearchConsoleMutation,
  useSelectSearchConsolePropertyMutation,
} from "./mutations";
import { searchConsoleConnectorOptions } from "./queries";

type Connector = components["schemas"]["SearchConsoleConnector"];

const statusBadges: Record<Connector["status"], { label: string; tone: BadgeProps["tone"] }> = {
  not_available: { label: "Not available", tone: "neutral" },
  not_connected: { label: "Not connected", tone: "neutral" },
  reading: { label: "Reading queries", tone: "info" },
  connected: { label: "Connected", tone: "success" },
  quota_exhausted: { label: "Quota exhausted", tone: "warning" },
  token_expired: { label: "Access expired: reconnect", tone: "error" },
  no_access: { label: "No access to the property", tone: "error" },
  choose_property: { label: "Choose a property", tone: "warning" },
  error: { label: "Error", tone: "error" },
};

/** What the server's redirect after Google's consent says, as a sentence (?connector=search-console&error=…). */
const returnMessages: Record<string, string> = {
  connected: "Google Search Console is connected: your queries are being read.",
  choose_property: "Google Search Console is connected: choose the property that is your website.",
  access_denied: "Google Search Console was not connected: access was not granted on Google's page.",
  state_invalid:
    "The connection took too long or was started in another browser or tab. Connect again from here.",
  exchange_failed: "Google did not confirm the connection. Try connecting again.",
  no_offline_access: "Google did not grant lasting access. Connect again and allow access.",
  sites_failed: "Google did not list your Search Console properties. Try connecting again in a moment.",
  not_available: "Google Search Console is not available on this server.",
};

/**
 * The Google Search Console connector (issue 16, docs/data-sources.md): the user consents on Google's page, the server reads the
 * property that is the brand's website (the queries of the last 28 days by country, with clicks, impressions, CTR
 * and position), then every day; they feed the intent module as the brand's own search demand.
 */
export function SearchConsoleConnectorSection() {
  const connector = useQuery(searchConsoleConnectorOptions());
  const returned = useConnectorReturn(
    "search-console",
    returnMessages,
    "Google Search Console was not connected. Try again.",
  );
  return (
    <SectionCard
      title="Google Search Console"
      description="Your website's own search queries (clicks, impressions, click-through rate and position by country), read from Search Console with your Google account's read-only consent."
      actions={connector.data ? <StatusBadge status={connector.data.status} /> : null}
    >
      <div className="flex flex-col gap-5">
        {returned ? (
          <p
            role={returned.failed ? "alert" : "status"}
            className={returned.failed ? "text-destructive text-sm" : "text-foreground text-sm"}
          >
            {returned.message}
          </p>
        ) : null}
        {connector.isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : connector.isError ? (
          <ErrorState
            title="We could not load the Search Console connector"
            message={problemText(connector.error)}
            onRetry={() => void connector.refetch()}
            retrying={connector.isFetching}
          />
        ) : (
          <ConnectorBody connector={connector.data} />
        )}
      </div>
    </SectionCard>
  );
}

function StatusBadge({ status }: { status: Connector["status"] }) {
  return <Badge tone={statusBadges[status].tone}>{statusBadges[status].label}</Badge>;
}

function ConnectButton({ label }: { label: string }) {
  const authorize = useAuthorizeSearchConsoleMutation();
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

function ConnectorBody({ connector }: { connector: Connector }) {
  const refresh = useRefreshSearchConsoleMutation();
  const disconnect = useDisconnectSearchConsoleMutation();
  const select = useSelectSearchConsolePropertyMutation();
  if (connector.status === "not_available") {
    return <p className="text-muted-foreground text-sm">{connector.statusReason}</p>;
  }
  if (connector.status === "not_connected") {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-muted-foreground text-sm">
          {connector.brandWebsite
            ? `Connect the Google account that verified ${connector.brandWebsite} in Search Console. Brandscope asks for read-only access.`
            : "Connect the Google account that verified your website in Search Console. Brandscope asks for read-only access."}
          {connector.queries > 0
            ? ` ${formatWhole(connector.queries)} queries from an earlier connection are still used.`
            : ""}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <ConnectButton label="Connect Google Search Console" />
        </div>
      </div>
    );
  }
  const options = connector.properties.map((p) => ({ value: p.siteUrl, label: p.siteUrl }));
  return (
    <div className="flex flex-col gap-5">
      <div aria-live="polite" className="text-muted-foreground flex flex-col gap-1 text-sm">
        {connector.statusReason ? <p className="text-foreground">{connector.statusReason}</p> : null}
        <p>
          {connector.lastSuccessAt ? `Last read ${formatDate(connector.lastSuccessAt)}` : "Not read yet"}
          {connector.nextRunAt ? ` · next read ${formatDateTime(connector.nextRunAt)}` : ""}
          {` · ${formatWhole(connector.queries)} ${connector.queries === 1 ? "query" : "queries"} stored`}
        </p>
      </div>
      {options.length > 1 || (options.length === 1 && connector.property === null) ? (
        <SelectField
          label="Search Console property"
          className="max-w-md"
          value={connector.property ?? ""}
          placeholder="Choose the property that is your website"
          onValueChange={(property) => select.mutate(property)}
          options={options}
          disabled={select.isPending}
          hint={connector.brandWebsite ? `Your brand's website: ${connector.brandWebsite}` : undefined}
        />
      ) : connector.property ? (
        <p className="text-sm">
          <span className="text-muted-foreground">Property: </span>
          <span className="text-foreground font-medium">{connector.property}</span>
        </p>
      ) : (
        <p className="text-muted-foreground text-sm">
          This Google account has no verified Search Console property.
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        {connector.status === "token_expired" ? (
          <ConnectButton label="Reconnect Google Search Console" />
        ) : (
          <Button
            emphasis="secondary"
            loading={refresh.isPending}
            disabled={connector.status === "reading" || connector.property === null}
            onClick={() => refresh.mutate()}
          >
            Read again now
          </Button>
        )}
        <Button emphasis="ghost" loading={disconnect.isPending} onClick={() => disconnect.mutate()}>
          Disconnect Search Console
        </Button>
        <FormProblem error={refresh.error ?? disconnect.error ?? select.error} />
      </div>
    </div>
  );
}
