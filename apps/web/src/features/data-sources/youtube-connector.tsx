import type { components } from "@brandscope/api-client";
import { Badge, type BadgeProps } from "@brandscope/ui/badge";
import { Button } from "@brandscope/ui/button";
import { ErrorState } from "@brandscope/ui/error-state";
import { Skeleton } from "@brandscope/ui/skeleton";
import { useQuery } from "@tanstack/react-query";
import { useAppForm } from "~/lib/form";
import { FormProblem, problemText } from "~/lib/problem";
import { formatDate, formatDateTime, formatWhole } from "../modules/format";
import { SectionCard } from "../modules/module-page";
import {
  useConnectYoutubeMutation,
  useDisconnectYoutubeMutation,
  useRefreshYoutubeMutation,
} from "./mutations";
import { youtubeConnectorOptions } from "./queries";

type Connector = components["schemas"]["YoutubeConnector"];

const statusBadges: Record<Connector["status"], { label: string; tone: BadgeProps["tone"] }> = {
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
  const connector = useQuery(youtubeConnectorOptions());
  return (
    <SectionCard
      title="YouTube"
      description="Your channel's and your competitors' subscribers and videos, read through the YouTube Data API with your API key (Google Cloud console → APIs & Services → Credentials)."
      actions={connector.data ? <StatusBadge status={connector.data.status} /> : null}
    >
      {connector.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : connector.isError ? (
        <ErrorState
          title="We could not load the YouTube connector"
          message={problemText(connector.error)}
          onRetry={() => void connector.refetch()}
          retrying={connector.isFetching}
        />
      ) : (
        <ConnectorBody connector={connector.data} />
      )}
    </SectionCard>
  );
}

function StatusBadge({ status }: { status: Connector["status"] }) {
  return <Badge tone={statusBadges[status].tone}>{statusBadges[status].label}</Badge>;
}

function ConnectorBody({ connector }: { connector: Connector }) {
  const refresh = useRefreshYoutubeMutation();
  const disconnect = useDisconnectYoutubeMutation();
  const connected = connector.keySource !== null;
  return (
    <div className="flex flex-col gap-5">
      <div aria-live="polite" className="text-muted-foreground flex flex-col gap-1 text-sm">
        {connector.statusReason ? <p className="text-foreground">{connector.statusReason}</p> : null}
        {connected ? (
          <p>
            {connector.lastSuccessAt ? `Last read ${formatDate(connector.lastSuccessAt)}` : "Not read yet"} ·{" "}
            {connector.nextRunAt ? `next read ${formatDateTime(connector.nextRunAt)} · ` : ""}
            {formatWhole(connector.quotaUsedToday)} of {formatWhole(connector.dailyQuota)} quota units used
            today
            {connector.keySource === "operator" ? " · using Brandscope's key" : ""}
          </p>
        ) : null}
      </div>
      {connector.channels.length > 0 ? (
        <ul aria-label="YouTube channels" className="flex flex-col divide-y rounded-lg border text-sm">
          {connector.channels.map((c) => (
            <li key={c.brandId} className="flex items-center justify-between gap-3 px-4 py-3">
              <span className="text-foreground font-medium">
                {c.brandName}
                {c.isOwnBrand ? " (your brand)" : ""}
              </span>
              <span className="text-muted-foreground text-right">
                {c.problem && c.subscribers === null
                  ? c.problem
                  : c.subscribers !== null
                    ? `${c.title ?? "Channel"}: ${formatWhole(c.subscribers)} subscribers`
                    : c.channel
                      ? "Not read yet"
                      : "No channel"}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground text-sm">
          Connect your own brand first: its channel and its competitors' are read here.
        </p>
      )}
      {connector.channels.length > 0 ? <ConnectForm connector={connector} /> : null}
      {connected ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            emphasis="secondary"
            loading={refresh.isPending}
            disabled={connector.status === "reading"}
            onClick={() => refresh.mutate()}
          >
            Read again now
          </Button>
          <Button emphasis="ghost" loading={disconnect.isPending} onClick={() => disconnect.mutate()}>
            Disconnect YouTube
          </Button>
          <FormProblem error={refresh.error ?? disconnect.error} />
        </div>
      ) : null}
    </div>
  );
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
