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
  useAuthorizeInstagramMutation,
  useDisconnectInstagramMutation,
  useRefreshInstagramMutation,
  useSelectInstagramAccountMutation,
} from "./mutations";
import { instagramConnectorOptions } from "./queries";

type Connector = components["schemas"]["InstagramConnector"];

function statusBadge(connector: Connector): { label: string; tone: BadgeProps["tone"] } {
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
    default:
      return { label: "Error", tone: "error" };
  }
}

/** What the server's redirect after Facebook Login says (?connector=instagram&status=… or &error=…). */
const returnMessages: Record<string, string> = {
  connected: "Instagram is connected: the brands' accounts are read now, then every day.",
  choose_account: "Instagram is connected: choose the Instagram account to read through.",
  access_denied: "Instagram was not connected: access was not granted in Facebook Login.",
  state_invalid:
    "The connection took too long or was started in another browser or tab. Connect again from here.",
  exchange_failed: "Meta did not confirm the connection. Try connecting again.",
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
  const connector = useQuery(instagramConnectorOptions());
  const returned = useConnectorReturn("instagram", returnMessages, "Instagram was not connected. Try again.");
  const badge = connector.data ? statusBadge(connector.data) : null;
  return (
    <SectionCard
      title="Instagram"
      description="Followers, number of posts and recent posts with their likes and comments of your brand's and your competitors' Instagram business or creator accounts, read through your own Instagram professional account (Facebook Login)."
      actions={badge ? <Badge tone={badge.tone}>{badge.label}</Badge> : null}
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
            title="We could not load the Instagram connector"
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

function ConnectButton({ label }: { label: string }) {
  const authorize = useAuthorizeInstagramMutation();
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
  const refresh = useRefreshInstagramMutation();
  const disconnect = useDisconnectInstagramMutation();
  const select = useSelectInstagramAccountMutation();
  if (connector.status === "not_available") {
    return <p className="text-muted-foreground text-sm">{connector.statusReason}</p>;
  }
  if (connector.status === "not_connected") {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-muted-foreground text-sm">
          Connect with the Facebook account that manages the Page linked to your brand's Instagram business or
          creator account. Meta lets Brandscope read other business and creator accounts through it; personal
          accounts cannot be read.
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <ConnectButton label="Connect Instagram with Facebook" />
        </div>
      </div>
    );
  }
  const options = connector.accounts.map((a) => ({
    value: a.id,
    label: a.pageName ? `@${a.username} (${a.pageName})` : `@${a.username}`,
  }));
  return (
    <div className="flex flex-col gap-5">
      <div aria-live="polite" className="text-muted-foreground flex flex-col gap-1 text-sm">
        {connector.statusReason ? <p className="text-foreground">{connector.statusReason}</p> : null}
        <p>
          {connector.lastSuccessAt ? `Last read ${formatDate(connector.lastSuccessAt)}` : "Not read yet"}
          {connector.nextRunAt ? ` · next read ${formatDateTime(connector.nextRunAt)}` : ""}
          {connector.tokenExpiresAt
            ? ` · ${connector.status === "token_expired" ? "expired" : "connection expires"} ${formatDate(connector.tokenExpiresAt)}`
            : ""}
        </p>
      </div>
      {options.length > 1 || (options.length === 1 && connector.account === null) ? (
        <SelectField
          label="Read through the Instagram account"
          className="max-w-md"
          value={connector.account?.id ?? ""}
          placeholder="Choose your brand's Instagram account"
          onValueChange={(accountId) => select.mutate(accountId)}
          options={options}
          disabled={select.isPending}
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
      <div className="flex flex-wrap items-center gap-3">
        {connector.status === "token_expired" ? (
          <ConnectButton label="Reconnect Instagram with Facebook" />
        ) : (
          <Button
            emphasis="secondary"
            loading={refresh.isPending}
            disabled={
              connector.status === "reading" ||
              connector.status === "rate_limited" ||
              connector.account === null
            }
            onClick={() => refresh.mutate()}
          >
            Read again now
          </Button>
        )}
        <Button emphasis="ghost" loading={disconnect.isPending} onClick={() => disconnect.mutate()}>
          Disconnect Instagram
        </Button>
        <FormProblem error={refresh.error ?? disconnect.error ?? select.error} />
      </div>
    </div>
  );
}
