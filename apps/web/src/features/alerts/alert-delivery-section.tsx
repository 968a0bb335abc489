import { type components, errorMessage, unwrap } from "@brandscope/api-client";
import { Button } from "@brandscope/ui/button";
import { ErrorState } from "@brandscope/ui/error-state";
import { SelectField } from "@brandscope/ui/select";
import { Skeleton } from "@brandscope/ui/skeleton";
import { TextField } from "@brandscope/ui/text-field";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { formatDateTime } from "~/features/modules/format";
import { api } from "~/lib/api";
import { notify } from "~/lib/notify";
import { isApiError } from "~/lib/problem";
import { AlertRulesSection } from "./alert-rules-section";
import { alertChannelsOptions, alertDeliveryKeys, alertSettingsOptions } from "./queries";

type Schemas = components["schemas"];
type Kind = Schemas["AlertChannelKind"];

const emailOptions = [
  { value: "off", label: "Never" },
  { value: "instant", label: "At once, for each run of alerts" },
  { value: "hourly", label: "Once an hour, bundled" },
] satisfies { value: Schemas["AlertEmailChoice"]; label: string }[];

/**
 * The profile's Alerts section (docs/alerts.md "In the app"): the workspace's rules (on or off and their sensitivity,
 * changed by admins and the owner, read by members) with the member's own mutes; the member's alert e-mail (off, at
 * once or hourly); and for admins and the owner the workspace's Slack and Microsoft Teams webhooks, each with its
 * state, a test message and removal.
 */
export function AlertDeliverySection({ workspaceRole }: { workspaceRole: "owner" | "admin" | "member" }) {
  return (
    <div className="flex flex-col gap-8">
      <AlertRulesSection />
      <AlertEmailChoice />
      {workspaceRole === "member" ? null : <AlertChannels />}
    </div>
  );
}

function AlertEmailChoice() {
  const queryClient = useQueryClient();
  const settings = useQuery(alertSettingsOptions());
  const save = useMutation({
    mutationFn: (email: Schemas["AlertEmailChoice"]) =>
      unwrap(api.PUT("/alerts/preferences", { body: { email } })),
    onSuccess: (stored) => {
      queryClient.setQueryData(alertDeliveryKeys.settings, stored);
      notify.success("Your alert e-mails have been saved.", { id: "alert-email-saved" });
    },
    onError: (error) => notify.warning(errorMessage(error), { id: "alert-email-saved" }),
  });
  if (settings.isError) {
    return (
      <ErrorState
        title="We could not load your alert settings"
        message={errorMessage(settings.error)}
        onRetry={() => void settings.refetch()}
        retrying={settings.isFetching}
      />
    );
  }
  if (!settings.data) return <Skeleton className="h-16 w-full" />;
  return (
    <SelectField
      label="E-mail me alerts"
      hint="Alerts you muted or already read in the notifications menu are not e-mailed."
      options={emailOptions}
      value={settings.data.email}
      disabled={save.isPending}
      onValueChange={(value) => save.mutate(value as Schemas["AlertEmailChoice"])}
    />
  );
}

const CHATS: { kind: Kind; name: string; hint: string }[] = [
  {
    kind: "slack",
    name: "Slack",
    hint: "An incoming webhook of your Slack app: https://hooks.slack.com/services/…",
  },
  {
    kind: "teams",
    name: "Microsoft Teams",
    hint: "A Workflows flow started by “When a Teams webhook request is received”: its HTTP URL.",
  },
];

function AlertChannels() {
  const channels = useQuery(alertChannelsOptions());
  if (channels.isError) {
    return (
      <ErrorState
        title="We could not load your chat webhooks"
        message={errorMessage(channels.error)}
        onRetry={() => void channels.refetch()}
        retrying={channels.isFetching}
      />
    );
  }
  if (!channels.data) return <Skeleton className="h-32 w-full" />;
  if (!channels.data.available) {
    return (
      <p className="text-muted-foreground text-sm">
        Posting alerts to Slack and Microsoft Teams is part of the Professional and Enterprise plans.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      {CHATS.map((chat) => (
        <ChatWebhook
          key={chat.kind}
          {...chat}
          channel={channels.data.channels.find((c) => c.kind === chat.kind)}
        />
      ))}
    </div>
  );
}

function ChatWebhook({
  kind,
  name,
  hint,
  channel,
}: {
  kind: Kind;
  name: string;
  hint: string;
  channel: Schemas["AlertChannel"] | undefined;
}) {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState("");
  const [error, setError] = useState<string | undefined>();
  const stored = (answer: Schemas["AlertChannels"]) =>
    queryClient.setQueryData(alertDeliveryKeys.channels, answer);
  const params = { params: { path: { kind } } };
  const save = useMutation({
    mutationFn: () => unwrap(api.PUT("/alerts/channels/{kind}", { ...params, body: { url } })),
    onSuccess: (answer) => {
      stored(answer);
      setUrl("");
      setError(undefined);
      notify.success(`Alerts will be posted to ${name}.`, { id: `alert-channel-${kind}` });
    },
    // A refused URL: the server says why at `/url` (a Slack or Teams URL of the wrong shape).
    onError: (failure) =>
      setError(
        (isApiError(failure, 400) && failure.details?.find((d) => d.path === "/url")?.message) ||
          errorMessage(failure),
      ),
  });
  const remove = useMutation({
    mutationFn: () => unwrap(api.DELETE("/alerts/channels/{kind}", params)),
    onSuccess: stored,
    onError: (failure) => notify.warning(errorMessage(failure), { id: `alert-channel-${kind}` }),
  });
  const test = useMutation({
    mutationFn: () => unwrap(api.POST("/alerts/channels/{kind}/test", params)),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: alertDeliveryKeys.channels });
      if (result.delivered) notify.success(`${name} took the test message.`, { id: `alert-channel-${kind}` });
      else
        notify.warning(result.error ?? "The webhook did not take the message.", {
          id: `alert-channel-${kind}`,
        });
    },
    onError: (failure) => notify.warning(errorMessage(failure), { id: `alert-channel-${kind}` }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const busy = save.isPending || remove.isPending || test.isPending;
  return (
    <section aria-label={name} className="flex flex-col gap-3">
      <h3 className="text-foreground text-sm font-semibold">{name}</h3>
      {channel ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm">
            Posting to <span className="font-mono">{channel.urlHint}</span>
          </p>
          {channel.lastError ? (
            <p className="text-destructive text-sm" role="status">
              Last post failed: {channel.lastError}
              {channel.pending > 0 ? ` (${channel.pending} waiting, tried again automatically)` : ""}
            </p>
          ) : channel.lastSuccessAt ? (
            <p className="text-muted-foreground text-sm">
              Last posted {formatDateTime(channel.lastSuccessAt)}
            </p>
          ) : null}
          {channel.givenUp > 0 ? (
            <p className="text-destructive text-sm" role="status">
              {channel.givenUp === 1 ? "1 run of alerts" : `${channel.givenUp} runs of alerts`} never reached{" "}
              {name}: given up after three days of failed posts
              {channel.lastGivenUpAt ? `, last on ${formatDateTime(channel.lastGivenUpAt)}` : ""}. They are in
              the notifications.
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              emphasis="secondary"
              aria-label={`Send a test message to ${name}`}
              disabled={busy}
              onClick={() => test.mutate()}
            >
              Send a test message
            </Button>
            <Button
              size="sm"
              emphasis="ghost"
              aria-label={`Remove the ${name} webhook`}
              disabled={busy}
              onClick={() => remove.mutate()}
            >
              Remove
            </Button>
          </div>
        </div>
      ) : null}
      {/* The button under the field, not beside it: beside, it lined up with the hint (two lines for Teams), not the
          input. */}
      <form className="flex flex-col items-start gap-3" onSubmit={submit} noValidate>
        <TextField
          className="w-full"
          label={channel ? `New ${name} webhook URL` : `${name} webhook URL`}
          hint={hint}
          type="url"
          value={url}
          autoComplete="off"
          error={error}
          touched={error !== undefined}
          onChange={(event) => setUrl(event.target.value)}
        />
        <Button
          type="submit"
          size="md"
          aria-label={`Save the ${name} webhook`}
          disabled={busy || url.trim() === ""}
        >
          Save
        </Button>
      </form>
    </section>
  );
}
