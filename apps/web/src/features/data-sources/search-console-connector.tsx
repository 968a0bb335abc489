import type { components } from "@brandscope/api-client";
import { SelectField } from "@brandscope/ui/select";
import { useQuery } from "@tanstack/react-query";
import { formatWhole } from "../modules/format";
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

type Connector = components["schemas"]["SearchConsoleConnector"];

const statusBadges: Record<Connector["status"], ConnectorBadge> = {
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
 * and position), then every day; intent lists them as the brand's own searches ("Your searches"), never as volumes.
 */
export function SearchConsoleConnectorSection() {
  return (
    <ConnectorSection
      title="Google Search Console"
      description="Your website's own search queries (clicks, impressions, click-through rate and position by country), read from Search Console with your Google account's read-only consent."
      name="Search Console"
      query={useQuery(connectorOptions("search-console"))}
      badge={(connector) => statusBadges[connector.status]}
      consentReturn={{
        connector: "search-console",
        messages: returnMessages,
        failed: "Google Search Console was not connected. Try again.",
      }}
      body={ConnectorBody}
    />
  );
}

function ConnectButton({ label }: { label: string }) {
  return <ConsentButton label={label} authorize={useAuthorizeConnector("search-console")} />;
}

function ConnectorBody({ connector }: { connector: Connector }) {
  const refresh = useRefreshConnector("search-console");
  const disconnect = useDisconnectConnector("search-console");
  const select = useChooseWhatIsRead("search-console");
  if (connector.status === "not_available") return <Unavailable reason={connector.statusReason} />;
  if (connector.status === "not_connected") {
    return (
      <ConnectPrompt action={<ConnectButton label="Connect Google Search Console" />}>
        {connector.brandWebsite
          ? `Connect the Google account that verified ${connector.brandWebsite} in Search Console. Brandscope asks for read-only access.`
          : "Connect the Google account that verified your website in Search Console. Brandscope asks for read-only access."}
        {connector.queries > 0
          ? ` ${formatWhole(connector.queries)} queries from an earlier connection are still used.`
          : ""}
      </ConnectPrompt>
    );
  }
  const options = connector.properties.map((p) => ({ value: p.siteUrl, label: p.siteUrl }));
  return (
    <div className="flex flex-col gap-5">
      <ReadStatus
        connector={connector}
        details={` · ${formatWhole(connector.queries)} ${connector.queries === 1 ? "query" : "queries"} stored`}
      />
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
      <ConnectorActions
        refresh={refresh}
        refreshDisabled={connector.status === "reading" || connector.property === null}
        reconnect={
          connector.status === "token_expired" ? (
            <ConnectButton label="Reconnect Google Search Console" />
          ) : undefined
        }
        disconnect={disconnect}
        disconnectLabel="Disconnect Search Console"
        otherError={select.error}
      />
    </div>
  );
}
