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
  useAuthorizeGoogleAdsMutation,
  useDisconnectGoogleAdsMutation,
  useRefreshGoogleAdsMutation,
  useSelectGoogleAdsCustomerMutation,
} from "./mutations";
import { googleAdsConnectorOptions } from "./queries";

type Connector = components["schemas"]["GoogleAdsConnector"];
type Customer = components["schemas"]["GoogleAdsCustomer"];

const statusBadges: Record<Connector["status"], { label: string; tone: BadgeProps["tone"] }> = {
  not_available: { label: "Not available", tone: "neutral" },
  not_connected: { label: "Not connected", tone: "neutral" },
  reading: { label: "Planning keywords", tone: "info" },
  connected: { label: "Connected", tone: "success" },
  quota_exhausted: { label: "Quota exhausted", tone: "warning" },
  token_expired: { label: "Access expired: reconnect", tone: "error" },
  no_access: { label: "No access to the account", tone: "error" },
  developer_token_not_approved: { label: "Not approved by Google", tone: "error" },
  choose_customer: { label: "Choose an account", tone: "warning" },
  error: { label: "Error", tone: "error" },
};

/** What the server's redirect after Google's consent says (?connector=google-ads&status=… or &error=…). */
const returnMessages: Record<string, string> = {
  connected: "Google Ads is connected: your keywords are planned now, then every day.",
  choose_customer: "Google Ads is connected: choose the Google Ads account to plan keywords with.",
  access_denied: "Google Ads was not connected: access was not granted on Google's page.",
  state_invalid:
    "The connection took too long or was started in another browser or tab. Connect again from here.",
  exchange_failed: "Google did not confirm the connection. Try connecting again.",
  no_offline_access: "Google did not grant lasting access. Connect again and allow access.",
  customers_failed: "Google did not list your Google Ads accounts. Try connecting again in a moment.",
  developer_token_not_approved:
    "Google has not approved this server's Google Ads developer token for real accounts yet: its operator must apply for basic access.",
  not_available: "Google Ads keyword planning is not available on this server.",
};

const customerLabel = (c: Customer) =>
  `${c.name ?? "Google Ads account"} (${c.id.replace(/^(\d{3})(\d{3})(\d+)$/, "$1-$2-$3")})${c.currency ? ` · ${c.currency}` : ""}`;

/**
 * The Google Ads keyword planning connector (issue 16, docs/data-sources.md): the user consents on Google's page, and
 * the server asks Google Ads for the brand's keywords' monthly searches, competition and top-of-page bid range in
 * the brand's country, then every day; they give the intent module its volumes and cost per click.
 */
export function GoogleAdsConnectorSection() {
  const connector = useQuery(googleAdsConnectorOptions());
  const returned = useConnectorReturn(
    "google-ads",
    returnMessages,
    "Google Ads was not connected. Try again.",
  );
  return (
    <SectionCard
      title="Google Ads keyword planning"
      description="Monthly searches, competition and top-of-page bids for your brand's keywords in its country, from Google Ads' Keyword Planner with your Google account's consent. Optional."
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
            title="We could not load the Google Ads connector"
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
  const authorize = useAuthorizeGoogleAdsMutation();
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
  const refresh = useRefreshGoogleAdsMutation();
  const disconnect = useDisconnectGoogleAdsMutation();
  const select = useSelectGoogleAdsCustomerMutation();
  if (connector.status === "not_available") {
    return <p className="text-muted-foreground text-sm">{connector.statusReason}</p>;
  }
  if (connector.status === "not_connected") {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-muted-foreground text-sm">
          Connect a Google account that can use a Google Ads account (a free one will do). Brandscope only
          plans keywords: it creates and spends nothing.
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <ConnectButton label="Connect Google Ads" />
        </div>
      </div>
    );
  }
  const quotaSpent = connector.status === "quota_exhausted";
  return (
    <div className="flex flex-col gap-5">
      <div aria-live="polite" className="text-muted-foreground flex flex-col gap-1 text-sm">
        {connector.statusReason ? <p className="text-foreground">{connector.statusReason}</p> : null}
        <p>
          {connector.lastSuccessAt ? `Last read ${formatDate(connector.lastSuccessAt)}` : "Not read yet"}
          {connector.nextRunAt ? ` · next read ${formatDateTime(connector.nextRunAt)}` : ""}
          {` · ${formatWhole(connector.keywords)} ${connector.keywords === 1 ? "keyword" : "keywords"} planned`}
          {quotaSpent && connector.quotaExhaustedUntil
            ? ` · quota spent until ${formatDateTime(connector.quotaExhaustedUntil)}`
            : ""}
        </p>
      </div>
      {connector.customers.length > 1 || (connector.customers.length === 1 && connector.customer === null) ? (
        <SelectField
          label="Google Ads account"
          className="max-w-md"
          value={connector.customer?.id ?? ""}
          placeholder="Choose the account to plan keywords with"
          onValueChange={(customerId) => select.mutate(customerId)}
          options={connector.customers.map((c) => ({ value: c.id, label: customerLabel(c) }))}
          disabled={select.isPending}
        />
      ) : connector.customer ? (
        <p className="text-sm">
          <span className="text-muted-foreground">Account: </span>
          <span className="text-foreground font-medium">{customerLabel(connector.customer)}</span>
        </p>
      ) : (
        <p className="text-muted-foreground text-sm">This Google account can use no Google Ads account.</p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        {connector.status === "token_expired" ? (
          <ConnectButton label="Reconnect Google Ads" />
        ) : (
          <Button
            emphasis="secondary"
            loading={refresh.isPending}
            disabled={connector.status === "reading" || quotaSpent || connector.customer === null}
            onClick={() => refresh.mutate()}
          >
            Read again now
          </Button>
        )}
        <Button emphasis="ghost" loading={disconnect.isPending} onClick={() => disconnect.mutate()}>
          Disconnect Google Ads
        </Button>
        <FormProblem error={refresh.error ?? disconnect.error ?? select.error} />
      </div>
    </div>
  );
}
