import type { components } from "@brandscope/api-client";
import { SelectField } from "@brandscope/ui/select";
import { useQuery } from "@tanstack/react-query";
import { formatDateTime, formatWhole } from "../modules/format";
import {
  connectorOptions,
  useAuthorizeConnector,
  useChooseWhatIsRead,
  useDisconnectConnector,
  useRefreshConnector,
} from "./connector-calls";
import {
  ConnectorActions,
  type ConnectorBadge,
  ConnectorSection,
  ConnectPrompt,
  ConsentButton,
  ReadStatus,
  Unavailable,
} from "./connector-section";

type Connector = components["schemas"]["GoogleAdsConnector"];
type Customer = components["schemas"]["GoogleAdsCustomer"];

const statusBadges: Record<Connector["status"], ConnectorBadge> = {
  not_available: { label: "Not available", tone: "neutral" },
  not_connected: { label: "Not connected", tone: "neutral" },
  reading: { label: "Planning keywords", tone: "info" },
  connected: { label: "Connected", tone: "success" },
  quota_exhausted: { label: "Quota exhausted", tone: "warning" },
  token_expired: { label: "Access expired: reconnect", tone: "error" },
  no_access: { label: "No access to the account", tone: "error" },
  project_not_approved: { label: "Waiting for the server's approval by Google", tone: "warning" },
  version_sunset: { label: "Server update needed", tone: "warning" },
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
  customers_failed:
    "Google did not list your Google Ads accounts. If your Google account is shown as connected, Brandscope lists them at its next read; otherwise connect again in a moment.",
  project_not_approved:
    "Your Google account is connected, but Google has not approved this server's Google Cloud project for real Google Ads accounts yet: its operator must apply. Brandscope lists your accounts once Google allows it.",
  version_sunset:
    "Your Google account is connected, but Google no longer serves the Google Ads API version this server calls: its operator must update Brandscope. Brandscope lists your accounts once it is updated.",
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
  return (
    <ConnectorSection
      title="Google Ads keyword planning"
      description="Monthly searches, competition and top-of-page bids for your brand's keywords in its country, from Google Ads' Keyword Planner with your Google account's consent. Optional."
      name="Google Ads"
      query={useQuery(connectorOptions("google-ads"))}
      badge={(connector) => statusBadges[connector.status]}
      consentReturn={{
        connector: "google-ads",
        messages: returnMessages,
        failed: "Google Ads was not connected. Try again.",
      }}
      sunsetNotice={(connector) => connector.sunsetNotice}
      body={ConnectorBody}
    />
  );
}

function ConnectButton({ label }: { label: string }) {
  return <ConsentButton label={label} authorize={useAuthorizeConnector("google-ads")} />;
}

function ConnectorBody({ connector }: { connector: Connector }) {
  const refresh = useRefreshConnector("google-ads");
  const disconnect = useDisconnectConnector("google-ads");
  const select = useChooseWhatIsRead("google-ads");
  if (connector.status === "not_available") return <Unavailable reason={connector.statusReason} />;
  if (connector.status === "not_connected") {
    return (
      <ConnectPrompt action={<ConnectButton label="Connect Google Ads" />}>
        Connect a Google account that can use a Google Ads account (a free one will do). Brandscope only plans
        keywords: it creates and spends nothing.
      </ConnectPrompt>
    );
  }
  const quotaSpent = connector.status === "quota_exhausted";
  return (
    <div className="flex flex-col gap-5">
      <ReadStatus
        connector={connector}
        details={
          ` · ${formatWhole(connector.keywords)} ${connector.keywords === 1 ? "keyword" : "keywords"} planned` +
          (quotaSpent && connector.quotaExhaustedUntil
            ? ` · quota spent until ${formatDateTime(connector.quotaExhaustedUntil)}`
            : "")
        }
      />
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
      ) : connector.status === "choose_customer" ? (
        <p className="text-muted-foreground text-sm">This Google account can use no Google Ads account.</p>
      ) : null}
      <ConnectorActions
        refresh={refresh}
        refreshDisabled={
          // No account listed yet (Google refused this server at connect): a read lists them.
          connector.status === "reading" ||
          quotaSpent ||
          (connector.customer === null && connector.customers.length > 0)
        }
        reconnect={
          connector.status === "token_expired" ? <ConnectButton label="Reconnect Google Ads" /> : undefined
        }
        disconnect={disconnect}
        disconnectLabel="Disconnect Google Ads"
        otherError={select.error}
      />
    </div>
  );
}
