import type { AlertChannelKind } from "../../db/schema";
import { AppError } from "../../kernel/errors";
import { SafeFetchError, type SafeFetchOptions, safeFetch } from "../../lib/safe-fetch";
import type { StoredAlert } from "./delivery.repo";

/**
 * The team's chat (issue 31, alerts: docs/alerts.md "Slack and Microsoft Teams"): a Slack incoming webhook
 * (https://api.slack.com/messaging/webhooks: a `text`, with Block Kit `blocks`) or a Microsoft Teams workflow started
 * by "When a Teams webhook request is received", which takes Adaptive Cards only
 * (https://learn.microsoft.com/en-us/microsoftteams/platform/webhooks-and-connectors/how-to/connectors-using). Posted
 * through the SSRF-safe fetch, to the checked address only and without following redirects.
 */

const SLACK_HOST = "hooks.slack.com";
/** Workflows' trigger URLs: Logic Apps' regional hosts, and Power Platform's environment hosts (newer flows). */
const TEAMS_HOSTS = [
  /^[a-z0-9-]+\.[a-z0-9-]+\.logic\.azure\.com$/,
  /\.environment\.api\.powerplatform\.com$/,
];
const MAX_URL = 2048;

const invalid = (message: string) =>
  new AppError("VALIDATION_FAILED", 400, message, [{ path: "/url", message }]);

/**
 * The webhook URL if it is one of the vendor's: Slack's on hooks.slack.com under /services/; a Teams workflow's on
 * logic.azure.com or an environment of api.powerplatform.com, under /workflows/. Both over HTTPS on 443; `testHosts`
 * (the fetch's allowPrivate, set by tests only) lets a local stand-in be reached over HTTP with the same path.
 */
export function checkWebhookUrl(
  kind: AlertChannelKind,
  input: string,
  testHosts: readonly string[] = [],
): URL {
  const named = kind === "slack" ? "a Slack incoming webhook" : "a Microsoft Teams workflow webhook";
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw invalid(`Paste the URL of ${named}.`);
  }
  if (input.length > MAX_URL || url.username || url.password) throw invalid(`Paste the URL of ${named}.`);
  const standIn = url.protocol === "http:" && testHosts.includes(url.hostname);
  if (!standIn && (url.protocol !== "https:" || (url.port !== "" && url.port !== "443"))) {
    throw invalid(`The URL of ${named} starts with https://.`);
  }
  if (kind === "slack") {
    if (
      (!standIn && url.hostname !== SLACK_HOST) ||
      !/^\/services\/[^/]+\/[^/]+\/[^/]+$/.test(url.pathname)
    ) {
      throw invalid("A Slack incoming webhook URL looks like https://hooks.slack.com/services/T…/B…/….");
    }
    return url;
  }
  const host = standIn || TEAMS_HOSTS.some((pattern) => pattern.test(url.hostname));
  if (!host || !/\/workflows\/[^/]+/.test(url.pathname)) {
    throw invalid(
      "Paste the URL of a Teams workflow started by “When a Teams webhook request is received” (…logic.azure.com/workflows/… or …environment.api.powerplatform.com/…/workflows/…). Office 365 connector webhooks are retired.",
    );
  }
  return url;
}

/** What the settings show of a URL that is a credential: its host and its last four characters. */
export const urlHint = (url: URL) => `${url.host}/…${url.href.slice(-4)}`;

const MAX_LISTED = 10;

const lines = (alerts: StoredAlert[], appUrl: string) =>
  alerts.slice(0, MAX_LISTED).map((a) => ({ title: a.title, detail: a.detail, url: `${appUrl}${a.link}` }));

const headline = (alerts: StoredAlert[]) =>
  alerts.length === 1 ? `Brandscope alert: ${alerts[0]?.title}` : `Brandscope: ${alerts.length} alerts`;

/** Slack's escaping for text in mrkdwn: &, < and > (https://api.slack.com/reference/surfaces/formatting#escaping). */
const slackEscape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** `text` is the notification's fallback; `blocks` the message (a header, a section per alert, what is left out). */
export function slackPayload(alerts: StoredAlert[], appUrl: string) {
  const more = alerts.length - MAX_LISTED;
  return {
    text: headline(alerts),
    blocks: [
      { type: "header", text: { type: "plain_text", text: headline(alerts).slice(0, 150) } },
      ...lines(alerts, appUrl).map((l) => ({
        type: "section",
        text: {
          type: "mrkdwn",
          text: `*<${l.url}|${slackEscape(l.title)}>*\n${slackEscape(l.detail)}`.slice(0, 3000),
        },
      })),
      ...(more > 0
        ? [{ type: "context", elements: [{ type: "mrkdwn", text: `and ${more} more in Brandscope` }] }]
        : []),
    ],
  };
}

/** A message with one Adaptive Card attachment, the shape the Workflows trigger posts to the channel. */
export function teamsPayload(alerts: StoredAlert[], appUrl: string) {
  const more = alerts.length - MAX_LISTED;
  const listed = lines(alerts, appUrl);
  return {
    type: "message",
    attachments: [
      {
        contentType: "application/vnd.microsoft.card.adaptive",
        contentUrl: null,
        content: {
          $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
          type: "AdaptiveCard",
          version: "1.4",
          body: [
            { type: "TextBlock", text: headline(alerts), weight: "Bolder", size: "Medium", wrap: true },
            ...listed.flatMap((l) => [
              {
                type: "TextBlock",
                text: `[${l.title}](${l.url})`,
                weight: "Bolder",
                wrap: true,
                spacing: "Medium",
              },
              { type: "TextBlock", text: l.detail, wrap: true, spacing: "Small" },
            ]),
            ...(more > 0
              ? [{ type: "TextBlock", text: `and ${more} more in Brandscope`, isSubtle: true }]
              : []),
          ],
          actions: listed[0]
            ? [{ type: "Action.OpenUrl", title: "Open in Brandscope", url: listed[0].url }]
            : [],
        },
      },
    ],
  };
}

export const chatPayload = (kind: AlertChannelKind, alerts: StoredAlert[], appUrl: string) =>
  kind === "slack" ? slackPayload(alerts, appUrl) : teamsPayload(alerts, appUrl);

export type ChatResult = { ok: true } | { ok: false; error: string; retryable: boolean };

/**
 * Posts the payload to the webhook. A 2xx is taken (Slack answers `ok` in text/html, a workflow 202 with no body,
 * so the answer's type is not judged); anything else is a failure with the vendor's words, if short.
 */
export async function postToChat(
  url: string,
  payload: unknown,
  network: Pick<SafeFetchOptions, "allowPrivate" | "allowPorts" | "resolve">,
): Promise<ChatResult> {
  try {
    await safeFetch(url, {
      ...network,
      method: "POST",
      body: JSON.stringify(payload),
      headers: { "content-type": "application/json" },
      accept: ["text/*", "application/json"],
      maxBytes: 64 * 1024,
      timeoutMs: 15_000,
      // The webhook's path is its credential: the trace shows only the host.
      traceUrl: `${new URL(url).origin}/…`,
    });
    return { ok: true };
  } catch (error) {
    if (error instanceof SafeFetchError && error.code === "UNSUPPORTED_CONTENT") return { ok: true };
    if (error instanceof SafeFetchError) {
      const status = /HTTP (\d{3})/.exec(error.message)?.[1];
      const said = status ? `The webhook answered HTTP ${status}` : chatReason(error);
      return { ok: false, error: said, retryable: true };
    }
    return { ok: false, error: "The webhook could not be reached", retryable: true };
  }
}

function chatReason(error: SafeFetchError): string {
  switch (error.code) {
    case "PRIVATE_ADDRESS":
      return "The webhook's address points to a private network";
    case "DNS_FAILED":
      return "The webhook's host name could not be found";
    case "TIMEOUT":
      return "The webhook took too long to answer";
    default:
      return "The webhook could not be reached";
  }
}
