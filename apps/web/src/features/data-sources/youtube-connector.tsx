import type { components } from "@brandscope/api-client";
import { useQuery } from "@tanstack/react-query";
import { useAppForm } from "~/lib/form";
import { FormProblem } from "~/lib/problem";
import { formatWhole } from "../modules/format";
import { connectorOptions, useDisconnectConnector, useRefreshConnector } from "./connector-calls";
import { ConnectorActions, type ConnectorBadge, ConnectorSection, ReadStatus } from "./connector-section";
import { useConnectYoutubeMutation } from "./mutations";

type Connector = components["schemas"]["YoutubeConnector"];
type Channel = Connector["channels"][number];

/** Said under the channels when a count is rounded (docs/data-sources.md "YouTube (Data API v3)"). */
export const ROUNDED_NOTE =
  "YouTube rounds subscriber counts down to three significant figures: follower growth is shown only when it exceeds that rounding.";

/** A channel's line: its subscribers ("about" when YouTube rounded them), its problem, or what it waits for. */
export function channelText(c: Channel): string {
  if (c.problem && c.subscribers === null) return c.problem;
  if (c.subscribers === null) return c.channel ? "Not read yet" : "No channel";
  const about = c.subscribersRoundedTo !== null && c.subscribersRoundedTo > 1 ? "about " : "";
  return `${c.title ?? "Channel"}: ${about}${formatWhole(c.subscribers)} subscribers`;
}

const statusBadges: Record<Connector["status"], ConnectorBadge> = {
  not_connected: { label: "Not connected", tone: "neutral" },
  reading: { label: "Reading channels", tone: "info" },
  connected: { label: "Connected", tone: "success" },
  quota_exhausted: { label: "Quota exhausted", tone: "warning" },
  key_rejected: { label: "Key refused: reconnect", tone: "error" },
  error: { label: "Error", tone: "error" },
};

/**
 * The YouTube connector (issue 16): an API key of the workspace's Google Cloud project (or the operator's) and each
 * brand's channel; the server reads their audience and videos, then every day. What it says: its status and why,
 * the last read, the quota spent, and each channel's subscribers or problem.
 */
export function YoutubeConnectorSection() {
  return (
    <ConnectorSection
      title="YouTube"
      description="Your channel's and your competitors' subscribers and videos, read through the YouTube Data API with your API key (Google Cloud console → APIs & Services → Credentials)."
      name="YouTube"
      query={useQuery(connectorOptions("youtube"))}
      badge={(connector) => statusBadges[connector.status]}
      body={ConnectorBody}
    />
  );
}

/**
 * The day's quota as the connector counts it: the brand's own key's units, or the workspace's share of Brandscope's
 * key, which Google counts as one and which is split between the workspaces that use it.
 */
export function quotaText(
  connector: Pick<Connector, "quotaUsedToday" | "dailyQuota" | "operatorKeyShare">,
): string {
  const used = `${formatWhole(connector.quotaUsedToday)} of ${formatWhole(connector.dailyQuota)} quota units used today`;
  const share = connector.operatorKeyShare;
  if (!share) return used;
  return share.workspaces === 1
    ? `${used} · using Brandscope's key`
    : `${used} · using Brandscope's key: your workspace's share of its ${formatWhole(share.keyQuota)} units a day, split between ${formatWhole(share.workspaces)} workspaces`;
}

function ConnectorBody({ connector }: { connector: Connector }) {
  const refresh = useRefreshConnector("youtube");
  const disconnect = useDisconnectConnector("youtube");
  const connected = connector.keySource !== null;
  return (
    <div className="flex flex-col gap-5">
      <ReadStatus connector={connector} read={connected} details={` · ${quotaText(connector)}`} />
      {connected ? <CreatorSearchNote search={connector.creatorSearch} /> : null}
      {connector.channels.length > 0 ? (
        <ul aria-label="YouTube channels" className="flex flex-col divide-y rounded-lg border text-sm">
          {connector.channels.map((c) => (
            <li key={c.brandId} className="flex items-center justify-between gap-3 px-4 py-3">
              <span className="text-foreground font-medium">
                {c.brandName}
                {c.isOwnBrand ? " (your brand)" : ""}
              </span>
              <span className="text-muted-foreground text-right">{channelText(c)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground text-sm">
          Connect your own brand first: its channel and its competitors' are read here.
        </p>
      )}
      {connector.channels.some((c) => c.subscribersRoundedTo !== null && c.subscribersRoundedTo > 1) ? (
        <p className="text-muted-foreground text-sm">{ROUNDED_NOTE}</p>
      ) : null}
      {connector.channels.length > 0 ? <ConnectForm connector={connector} /> : null}
      {connected ? (
        <ConnectorActions
          refresh={refresh}
          refreshDisabled={connector.status === "reading"}
          disconnect={disconnect}
          disconnectLabel="Disconnect YouTube"
        />
      ) : null}
    </div>
  );
}

/**
 * The weekly creator search's allowance (docs/data-sources.md "YouTube creator search"): with Brandscope's key,
 * shared by every workspace, a few searches a day; with the workspace's own key, its quota alone.
 */
export function creatorSearchText(search: Connector["creatorSearch"]): string {
  const units = `${formatWhole(search.unitsPerSearch)} quota units`;
  if (search.perDay === null) {
    return `Creators for your brands are searched once a week per brand, ${units} a search from your key's quota.`;
  }
  if (search.perDay === 0) {
    return "Creator search needs your own API key: Brandscope's key does not search for creators.";
  }
  const plural = (n: number) => `${formatWhole(n)} ${n === 1 ? "search" : "searches"}`;
  return (
    `Creator search with Brandscope's key: ${formatWhole(search.usedToday)} of ${plural(search.perDay)} a day used ` +
    `today (${units} each). When they are used up, the next brand's weekly search waits for tomorrow ` +
    "(YouTube's day ends at midnight Pacific time); with your own API key, only its quota limits searches."
  );
}

function CreatorSearchNote({ search }: { search: Connector["creatorSearch"] }) {
  return <p className="text-muted-foreground text-sm">{creatorSearchText(search)}</p>;
}

interface ConnectValues {
  apiKey: string;
  channels: { brandId: string; channel: string }[];
}

const formValues = (connector: Connector): ConnectValues => ({
  apiKey: "",
  channels: connector.channels.map((c) => ({ brandId: c.brandId, channel: c.channel ?? "" })),
});

function ConnectForm({ connector }: { connector: Connector }) {
  const connect = useConnectYoutubeMutation();
  const connected = connector.keySource !== null;
  const form = useAppForm({
    defaultValues: formValues(connector),
    onSubmit: async ({ value, formApi }) => {
      const apiKey = value.apiKey.trim();
      try {
        const saved = await connect.mutateAsync({
          ...(apiKey ? { apiKey } : {}),
          channels: value.channels.map((c) => ({ brandId: c.brandId, channel: c.channel.trim() || null })),
        });
        // The key is never shown again; the channels as the server stored them.
        formApi.reset(formValues(saved));
      } catch {
        // Shown under the form (connect.error), with what was wrong with each channel.
      }
    },
  });
  return (
    <form.AppForm>
      <form.Form aria-label="Connect YouTube" className="flex flex-col gap-4">
        <form.AppField
          name="apiKey"
          validators={{
            onChange: ({ value }) =>
              !connected && value.trim() === "" ? "Enter a YouTube Data API key" : undefined,
          }}
        >
          {(field) => (
            <field.PasswordInput
              label="API key"
              autoComplete="off"
              hint={
                connected
                  ? "Leave empty to keep the key you entered before."
                  : "Stored encrypted; never shown again."
              }
            />
          )}
        </form.AppField>
        <div className="grid gap-4 sm:grid-cols-2">
          {connector.channels.map((c, index) => (
            <form.AppField key={c.brandId} name={`channels[${index}].channel`}>
              {(field) => (
                <field.TextInput
                  label={`${c.brandName}'s channel`}
                  placeholder="@handle or youtube.com link"
                  spellCheck={false}
                />
              )}
            </form.AppField>
          ))}
        </div>
        <FormProblem error={connect.error} />
        <div className="flex justify-end">
          <form.SubmitButton>{connected ? "Save and read" : "Connect YouTube"}</form.SubmitButton>
        </div>
      </form.Form>
    </form.AppForm>
  );
}
