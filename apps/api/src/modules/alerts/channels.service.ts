import type { components } from "@brandscope/api-client/schema";
import type { Queryable } from "../../db/client";
import { workspaceOf } from "../../kernel/caller";
import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { seal } from "../../lib/crypto";
import { planOf, workspacePlan } from "../billing";
import { readAlertEmailToken } from "./alert-email-token";
import { chatPayload, checkWebhookUrl, postToChat, urlHint } from "./chat";
import {
  countPendingDeliveries,
  deleteChannel,
  findChannel,
  findChannels,
  recordChannelResult,
  saveChannel,
  turnAlertEmailsOff,
} from "./delivery.repo";

type Schemas = components["schemas"];
type Kind = Schemas["AlertChannelKind"];

/** Chat webhooks are a Professional and Enterprise feature (issue 31, chats). */
export async function chatWebhooksAllowed(db: Queryable, workspaceId: string, now: Date): Promise<boolean> {
  const { plan } = await workspacePlan(db, { workspaceId, now });
  return plan !== "starter";
}

async function assertAllowed(ctx: RequestCtx, workspaceId: string) {
  if (await chatWebhooksAllowed(ctx.db, workspaceId, ctx.clock.now())) return;
  const { plan } = await workspacePlan(ctx.db, { workspaceId, now: ctx.clock.now() });
  throw new AppError(
    "PLAN_LIMIT",
    402,
    `Slack and Teams alerts are not part of the ${planOf(plan).name} plan. Upgrade to Professional to post alerts to your team's chat.`,
  );
}

async function channelsOf(ctx: RequestCtx, workspaceId: string): Promise<Schemas["AlertChannels"]> {
  const [rows, pending] = await Promise.all([
    findChannels(ctx.db, { workspaceId }),
    countPendingDeliveries(ctx.db, { workspaceId, now: ctx.clock.now() }),
  ]);
  return {
    available: await chatWebhooksAllowed(ctx.db, workspaceId, ctx.clock.now()),
    channels: rows.map((r) => ({
      kind: r.kind,
      urlHint: r.urlHint,
      lastSuccessAt: r.lastSuccessAt?.toISOString() ?? null,
      lastFailureAt: r.lastFailureAt?.toISOString() ?? null,
      lastError: r.lastError,
      pending: pending.get(r.kind)?.pending ?? 0,
      givenUp: pending.get(r.kind)?.givenUp ?? 0,
      lastGivenUpAt: pending.get(r.kind)?.lastGivenUpAt?.toISOString() ?? null,
    })),
  };
}

/** The contract's x-role holds members out of every channel operation; the URL itself is never answered. */
export async function getAlertChannels(ctx: RequestCtx): Promise<Schemas["AlertChannels"]> {
  return channelsOf(ctx, workspaceOf(ctx));
}

export async function saveAlertChannel(
  ctx: RequestCtx,
  kind: Kind,
  body: Schemas["SaveAlertChannelRequest"],
): Promise<Schemas["AlertChannels"]> {
  const workspaceId = workspaceOf(ctx);
  await assertAllowed(ctx, workspaceId);
  const url = checkWebhookUrl(kind, body.url, ctx.config.websiteFetch.allowPrivate);
  await saveChannel(ctx.db, {
    workspaceId,
    kind,
    sealedUrl: seal(ctx.keys.seal, url.href),
    urlHint: urlHint(url),
    now: ctx.clock.now(),
  });
  return channelsOf(ctx, workspaceId);
}

export async function deleteAlertChannel(ctx: RequestCtx, kind: Kind): Promise<Schemas["AlertChannels"]> {
  const workspaceId = workspaceOf(ctx);
  await ctx.db.transaction((tx) => deleteChannel(tx, { workspaceId, kind }));
  return channelsOf(ctx, workspaceId);
}

/** The settings' "Send a test message": posted at once, its result kept as the channel's last. */
export async function testAlertChannel(ctx: RequestCtx, kind: Kind): Promise<Schemas["AlertChannelTest"]> {
  const workspaceId = workspaceOf(ctx);
  await assertAllowed(ctx, workspaceId);
  const channel = await findChannel(ctx.db, { workspaceId, kind });
  if (!channel) {
    const name = kind === "slack" ? "Slack" : "Microsoft Teams";
    throw new AppError("ALERT_CHANNEL_NOT_FOUND", 404, `No ${name} webhook is set for this workspace.`);
  }
  const now = ctx.clock.now();
  const sample = {
    id: "00000000-0000-0000-0000-000000000000",
    batchId: "00000000-0000-0000-0000-000000000000",
    rule: "engagement" as const,
    title: "Test message from Brandscope",
    detail: "Alerts of this workspace will be posted here.",
    link: "/dashboard",
    firedAt: now,
  };
  const result = await postToChat(
    await ctx.keys.seal.open(channel.sealedUrl),
    chatPayload(kind, [sample], ctx.config.appUrl),
    { allowPrivate: ctx.config.websiteFetch.allowPrivate, allowPorts: ctx.config.websiteFetch.allowPorts },
  );
  const error = result.ok ? null : result.error;
  await recordChannelResult(ctx.db, { id: channel.id, now: ctx.clock.now(), error });
  return { delivered: result.ok, error };
}

/** RFC 8058's one-click unsubscribe of alert e-mails, without a sign-in: the token is the proof. */
export async function unsubscribeAlertEmails(ctx: RequestCtx, token: string): Promise<Schemas["Message"]> {
  const userId = readAlertEmailToken(ctx.keys.unsubscribe, token);
  if (!userId) {
    throw new AppError(
      "INVALID_TOKEN",
      400,
      "This unsubscribe link is not valid. Change alert e-mails in your settings.",
      [{ path: "/token", message: "Not a valid unsubscribe token" }],
    );
  }
  if (!(await turnAlertEmailsOff(ctx.db, { userId, now: ctx.clock.now() }))) {
    throw new AppError("NOT_FOUND", 404, "This account no longer exists.");
  }
  return { message: "You will no longer receive alert e-mails. Alerts stay in the app's notifications." };
}
