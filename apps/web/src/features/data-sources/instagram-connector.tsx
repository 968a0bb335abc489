import type { components } from "@brandscope/api-client";
import { SelectField } from "@brandscope/ui/select";
import { useQuery } from "@tanstack/react-query";
import { formatDate, formatDateTime, formatWhole } from "../modules/format";
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

type Connector = components["schemas"]["InstagramConnector"];

function statusBadge(connector: Connector): ConnectorBadge {
  switch (connector.status) {
    case "not_available":
      return { label: "Not available", tone: "neutral" };
    case "not_connected":
      return { label: "Not connected", tone: "neutral" };
    case "reading":
      return { label: "Reading accounts", tone: "info" };
    case "connected":
      return { label: "Connected", tone: "success" };
    case "rate_limited":
      return {
        label: connector.rateLimitedUntil
          ? `Rate limited until ${formatDateTime(connector.rateLimitedUntil)}`
          : "Rate limited",
        tone: "warning",
      };
    case "token_expired":
      return { label: "Token expired: reconnect", tone: "error" };
    case "choose_account":
      return { label: "Choose an account", tone: "warning" };
    case "permission_missing":
      return { label: "Permission missing: reconnect", tone: "error" };
    default:
      return { label: "Error", tone: "error" };
  }
}

/**
 * The server's sentence; for a missing permission without one, the permissions named from `missingPermissions`, so
 * the user always learns which to allow.
 */
function statusSentence(connector: Connector): string | null {
  const missing = connector.missingPermissions;
  if (connector.statusReason || connector.status !== "permission_missing" || missing.length === 0) {
    return connector.statusReason;
  }
  const names =
    missing.length === 1
      ? `the permission ${missing[0]}`
      : `the permissions ${missing.slice(0, -1).join(", ")} and ${missing.at(-1)}`;
  return `Instagram needs ${names}: reconnect and allow ${missing.length === 1 ? "it" : "them"}.`;
}

/** What the server's redirect after Facebook Login says (?connector=instagram&status=… or &error=…). */
const returnMessages: Record<string, string> = {
  connected: "Instagram is connected: the brands' accounts are read now, then every day.",
  choose_account: "Instagram is connected: choose the Instagram account to read through.",
  access_denied: "Instagram was not connected: access was not granted in Facebook Login.",
  state_invalid:
    "The connection took too long or was started in another browser or tab. Connect again from here.",
  exchange_failed: "Meta did not confirm the connection. Try connecting again.",
  permissions_failed: "Meta did not say which permissions were granted. Try connecting again in a moment.",
  permission_missing:
    "Instagram is not connected yet: Facebook Login did not grant a permission it needs. Reconnect and allow it.",
  no_account:
    "None of your Facebook Pages has an Instagram professional account. Link your brand's Instagram business or creator account to a Page, then connect again.",
  accounts_failed: "Meta did not list your Pages' Instagram accounts. Try connecting again in a moment.",
  not_available: "Instagram is not available on this server.",
};

/**
 * The Instagram connector (issue 16, docs/data-sources.md): the user connects with Facebook Login, and the server
 * reads each brand's Instagram account (own and competitors') with business_discovery through the workspace's
 * Instagram professional account: followers, number of posts, and recent posts with their likes and comments.
 */
export function InstagramConnectorSection() {
  return (
    <ConnectorSection
      title="Instagram"
      description="Followers, number of posts and recent posts with their likes and comments of your brand's and your competitors' Instagram business or creator accounts, read through your own Instagram professional account (Facebook Login)."
      name="Instagram"
      query={useQuery(connectorOptions("instagram"))}
      badge={statusBadge}
      consentReturn={{
        connector: "instagram",
        messages: returnMessages,
        failed: "Instagram was not connected. Try again.",
      }}
      sunsetNotice={(connector) => connector.sunsetNotice}
      body={ConnectorBody}
    />
  );
}

function ConnectButton({ label }: { label: string }) {
  return <ConsentButton label={label} authorize={useAuthorizeConnector("instagram")} />;
}

function ConnectorBody({ connector }: { connector: Connector }) {
  const refresh = useRefreshConnector("instagram");
  const disconnect = useDisconnectConnector("instagram");
  const select = useChooseWhatIsRead("instagram");
  if (connector.status === "not_available") return <Unavailable reason={connector.statusReason} />;
  if (connector.status === "not_connected") {
    return (
      <ConnectPrompt action={<ConnectButton label="Connect Instagram with Facebook" />}>
        Connect with the Facebook account that manages the Page linked to your brand's Instagram business or
        creator account. Meta lets Brandscope read other business and creator accounts through it; personal
        accounts cannot be read.
      </ConnectPrompt>
    );
  }
  const options = connector.accounts.map((a) => ({
    value: a.id,
    label: a.pageName ? `@${a.username} (${a.pageName})` : `@${a.username}`,
  }));
  return (
    <div className="flex flex-col gap-5">
      <ReadStatus
        connector={{ ...connector, statusReason: statusSentence(connector) }}
        details={
          connector.tokenExpiresAt
            ? ` · ${connector.status === "token_expired" ? "expired" : "connection expires"} ${formatDate(connector.tokenExpiresAt)}`
            : ""
        }
      />
      {options.length > 1 || (options.length === 1 && connector.account === null) ? (
        <SelectField
          label="Read through the Instagram account"
          className="max-w-md"
          value={connector.account?.id ?? ""}
          placeholder="Choose your brand's Instagram account"
          onValueChange={(accountId) => select.mutate(accountId)}
          options={options}
          disabled={select.isPending || connector.status === "permission_missing"}
        />
      ) : connector.account ? (
        <p className="text-sm">
          <span className="text-muted-foreground">Read through: </span>
          <span className="text-foreground font-medium">@{connector.account.username}</span>
        </p>
      ) : null}
      {connector.profiles.length > 0 ? (
        <ul className="flex flex-col gap-2 text-sm" aria-label="Instagram accounts read">
          {connector.profiles.map((p) => (
            <li key={p.brandId} className="flex flex-col">
              <span>
                <span className="text-foreground font-medium">{p.brandName}</span>
                {p.username ? <span className="text-muted-foreground"> @{p.username}</span> : null}
                {p.followers !== null ? ` · ${formatWhole(p.followers)} followers` : ""}
                {p.mediaCount !== null ? ` · ${formatWhole(p.mediaCount)} posts` : ""}
              </span>
              {p.problem ? <span className="text-muted-foreground">{p.problem}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      <ConnectorActions
        refresh={refresh}
        refreshDisabled={
          connector.status === "reading" || connector.status === "rate_limited" || connector.account === null
        }
        reconnect={
          connector.status === "token_expired" || connector.status === "permission_missing" ? (
            <ConnectButton label="Reconnect Instagram with Facebook" />
          ) : undefined
        }
        disconnect={disconnect}
        disconnectLabel="Disconnect Instagram"
        otherError={select.error}
      />
    </div>
  );
}
