import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Slack and Microsoft Teams on 127.0.0.1 for the alert webhooks' tests, answering in their documented ways.
 * Slack's incoming webhook (https://api.slack.com/messaging/webhooks) takes JSON with a `text` and, optionally,
 * Block Kit `blocks`, answers 200 `ok` (text/html) and 400 `invalid_payload` otherwise. A Teams workflow
 * ("When a Teams webhook request is received") takes a message whose attachments are Adaptive Cards
 * (https://learn.microsoft.com/en-us/microsoftteams/platform/webhooks-and-connectors/how-to/connectors-using) and
 * answers 202 with no body. `failNext` makes the next posts fail with 500, as an outage would.
 */
export interface FakeChat {
  origin: string;
  slackUrl: string;
  teamsUrl: string;
  env: { WEBSITE_FETCH_ALLOW_PRIVATE: string; WEBSITE_FETCH_ALLOW_PORTS: string };
  /** The payloads taken, by chat. */
  slack: unknown[];
  teams: unknown[];
  failNext: { slack: number; teams: number };
  close(): Promise<void>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

function slackShape(body: unknown): boolean {
  if (!isObject(body) || typeof body.text !== "string" || body.text === "") return false;
  if (body.blocks === undefined) return true;
  return (
    Array.isArray(body.blocks) &&
    body.blocks.length <= 50 &&
    body.blocks.every(
      (b) =>
        isObject(b) &&
        typeof b.type === "string" &&
        ["header", "section", "context", "divider", "actions"].includes(b.type) &&
        (b.type !== "section" ||
          (isObject(b.text) &&
            b.text.type === "mrkdwn" &&
            typeof b.text.text === "string" &&
            b.text.text.length <= 3000)) &&
        (b.type !== "header" || (isObject(b.text) && b.text.type === "plain_text")),
    )
  );
}

function teamsShape(body: unknown): boolean {
  if (!isObject(body) || body.type !== "message" || !Array.isArray(body.attachments)) return false;
  return (
    body.attachments.length > 0 &&
    body.attachments.every(
      (a) =>
        isObject(a) &&
        a.contentType === "application/vnd.microsoft.card.adaptive" &&
        isObject(a.content) &&
        a.content.type === "AdaptiveCard" &&
        typeof a.content.version === "string" &&
        Array.isArray(a.content.body) &&
        a.content.body.every((e) => isObject(e) && typeof e.type === "string"),
    )
  );
}

export async function startFakeChat(): Promise<FakeChat> {
  const chat = { slack: [] as unknown[], teams: [] as unknown[], failNext: { slack: 0, teams: 0 } };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => {
      const path = request.url ?? "/";
      const kind = path.startsWith("/services/")
        ? "slack"
        : path.startsWith("/workflows/")
          ? "teams"
          : undefined;
      if (!kind || request.method !== "POST") {
        response.writeHead(404, { "content-type": "text/plain" }).end("no_service");
        return;
      }
      if (chat.failNext[kind] > 0) {
        chat.failNext[kind]--;
        response.writeHead(500, { "content-type": "text/plain" }).end("internal_error");
        return;
      }
      let body: unknown;
      try {
        body = request.headers["content-type"]?.startsWith("application/json")
          ? JSON.parse(Buffer.concat(chunks).toString("utf8"))
          : undefined;
      } catch {
        body = undefined;
      }
      if (kind === "slack") {
        if (!slackShape(body)) {
          response.writeHead(400, { "content-type": "text/html" }).end("invalid_payload");
          return;
        }
        chat.slack.push(body);
        response.writeHead(200, { "content-type": "text/html" }).end("ok");
        return;
      }
      if (!teamsShape(body)) {
        response
          .writeHead(400, { "content-type": "application/json" })
          .end('{"error":{"code":"InvalidRequestContent"}}');
        return;
      }
      chat.teams.push(body);
      response.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    ...chat,
    origin,
    slackUrl: `${origin}/services/T0001/B0001/slacksecrettoken`,
    teamsUrl: `${origin}/workflows/0a1b2c3d/triggers/manual/paths/invoke?sig=teamssecrettoken`,
    env: { WEBSITE_FETCH_ALLOW_PRIVATE: "127.0.0.1", WEBSITE_FETCH_ALLOW_PORTS: String(port) },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
