import type { components } from "@brandscope/api-client/schema";
import { beforeAll, describe, expect, it } from "vitest";
import { caller, freshIp } from "../../../test/api";
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from "../../../test/app";
import { type FakeChat, startFakeChat } from "../../../test/fake-chat";
import { capturedLog } from "../../../test/log";
import { wideLogo } from "../../../test/logo";
import { multipart } from "../../../test/multipart";
import { type ReceivedMail, type SmtpSink, startSmtpSink } from "../../../test/smtp-sink";
import { type SeededUser, seedTeam } from "../../../test/users";
import { jwtKey } from "../../config/keys";
import type { AlertRule } from "../../db/schema";
import { createWorkerDeps } from "../../jobs/worker-deps";
import type { JobQueue } from "../../kernel/job-queue";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "../../lib/clock";
import { signIdToken } from "../auth/id-token";
import { storeFired } from "./alerts.repo";
import {
  deliverAlertsJob,
  deliverChatAlerts,
  hourlyAlertEmailsJob,
  sendAlertEmails,
} from "./deliver-alerts.job";
import { countPendingDeliveries, queueChannelDeliveries } from "./delivery.repo";

type Schemas = components["schemas"];

// Issue 31, alerts: alerts by e-mail (at once or hourly, to a real SMTP server) and to Slack and Teams (local stand-ins
// that check the payloads as the vendors document them).

const noJobs: JobQueue = {
  enqueue: () => Promise.reject(new Error("Alert delivery queues no job")),
  work: () => Promise.reject(new Error("No workers in this test")),
  stop: () => Promise.resolve(),
};

let t: TestApp;
let sink: SmtpSink;
let chat: FakeChat;
let team: Record<"owner" | "admin" | "member", SeededUser>;
let call: ReturnType<typeof caller>["call"];
const APP = "https://app.brandscope.test";

const worker = () =>
  createWorkerDeps({
    db: t.database.db,
    config: t.config,
    log: capturedLog().log,
    clock: t.clock,
    jobs: noJobs,
  });

const fired = (rule: AlertRule, subject: string) => ({
  rule,
  brandId: null,
  subject,
  coolDownKey: subject,
  title: `Alert ${rule} ${subject}`,
  detail: `Detail of ${subject}`,
  link: `/content?period=custom&from=2026-11-23&to=2026-11-29&s=${subject}`,
  period: null,
  coolDownMs: 0,
});
/** One run of alerts, as evaluate.ts stores it: the alerts and, in the same transaction, the chats' deliveries. */
const fire = (list: ReturnType<typeof fired>[]) =>
  t.database.db.transaction(async (tx) => {
    const batchId = crypto.randomUUID();
    const workspaceId = team.owner.workspaceId;
    const stored = await storeFired(tx, { workspaceId, batchId, fired: list, now: t.clock.now() });
    await queueChannelDeliveries(tx, { workspaceId, batchId, now: t.clock.now() });
    return stored;
  });

const mailTo = (u: SeededUser) => sink.messages.filter((m) => m.to.includes(u.email));
const headersOf = (mail: ReceivedMail) => (mail.raw.split("\r\n\r\n")[0] ?? "").replace(/\r\n[ \t]+/g, " ");
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
/** The member's seeded session, signed at the clock's time (the tests move it by hours). */
const as = async (u: SeededUser) => ({
  authorization: `Bearer ${await signIdToken({ userId: u.userId, workspaceId: u.workspaceId, sessionId: u.sessionId }, jwtKey(TEST_JWT_SECRET), t.clock.now())}`,
});

beforeAll(async () => {
  sink = await startSmtpSink();
  chat = await startFakeChat();
  t = await buildTestApp({ env: { SMTP_URL: sink.url, APP_URL: APP, ...chat.env } });
  call = caller(t).call;
  team = await seedTeam(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
  return async () => {
    await t.close();
    await sink.close();
    await chat.close();
  };
});

describe("alert e-mail", () => {
  it("e-mails each run at once to who chose it, once, without muted rules, with a link and a one-click unsubscribe", async () => {
    const prefs = async (u: SeededUser, body: Schemas["UpdateAlertPreferencesRequest"]) =>
      call("updateAlertPreferences", "PUT", "/alerts/preferences", body, await as(u));
    expect((await prefs(team.owner, { email: "instant", mutedRules: ["plan_limit"] })).statusCode).toBe(200);
    expect((await prefs(team.admin, { email: "hourly" })).statusCode).toBe(200);
    await fire([fired("engagement", "spike"), fired("plan_limit", "rows")]);
    await fire([fired("followers", "jump")]);

    // Two runs at once and one after: still one e-mail per run of alerts.
    const deps = worker();
    await Promise.all([sendAlertEmails(deps, "instant"), sendAlertEmails(deps, "instant")]);
    await deliverAlertsJob(deps);
    await deps.mailer.idle();
    await settle();
    const mails = mailTo(team.owner);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      "Brandscope alert: Alert engagement spike",
      "Brandscope alert: Alert followers jump",
    ]);
    const spike = mails.find((m) => m.subject.includes("spike"));
    expect(spike?.text).toContain(`${APP}/content?period=custom&from=2026-11-23&to=2026-11-29&s=spike`);
    expect(spike?.html).toContain("Detail of spike");
    expect(spike?.text).not.toContain("plan_limit");
    const headers = spike ? headersOf(spike) : "";
    expect(headers).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    const unsubscribe = /List-Unsubscribe: <([^>]+)>/.exec(headers)?.[1] ?? "";
    expect(unsubscribe.startsWith(`${APP}/api/alerts/unsubscribe?token=`)).toBe(true);
    // `hourly` waits for the hour; `off` (the member's default) gets nothing.
    expect(mailTo(team.admin)).toEqual([]);
    expect(mailTo(team.member)).toEqual([]);

    // The unsubscribe link works without a sign-in and turns alert e-mail off for that member only.
    const url = new URL(unsubscribe);
    const off = await call("unsubscribeAlertEmails", "POST", `/alerts/unsubscribe${url.search}`);
    expect(off.statusCode).toBe(200);
    const settings = await call(
      "getAlertSettings",
      "GET",
      "/alerts/settings",
      undefined,
      await as(team.owner),
    );
    expect(settings.json()).toMatchObject({ email: "off", mutedRules: ["plan_limit"] });
    const forged = await call("unsubscribeAlertEmails", "POST", "/alerts/unsubscribe?token=AAAA");
    expect(forged.json()).toMatchObject({ code: "INVALID_TOKEN" });
    await fire([fired("engagement", "drop")]);
    await deliverAlertsJob(deps);
    await settle();
    expect(mailTo(team.owner)).toHaveLength(2);
  });

  it("bundles the hour's alerts the member has not read into one e-mail, sent once", async () => {
    const [read] = await fire([fired("search_clicks", "decaf")]);
    await call("markAlertsRead", "POST", "/alerts/read", { ids: [read?.id] }, await as(team.admin));
    t.clock.advance(HOUR_MS);
    const deps = worker();
    await hourlyAlertEmailsJob(deps);
    await hourlyAlertEmailsJob(deps);
    await deps.mailer.idle();
    await settle();
    const mails = mailTo(team.admin);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Brandscope: 4 alerts in the last hour");
    for (const title of ["engagement spike", "plan_limit rows", "followers jump", "engagement drop"]) {
      expect(mails[0]?.text).toContain(`Alert ${title}`);
    }
    expect(mails[0]?.text).not.toContain("decaf");
  });
});

describe("alert e-mail's look", () => {
  const setPlan = (workspaceId: string, plan: "starter" | "professional") =>
    t.database.pool.query(
      "update subscriptions set plan = $2, status = 'active', end_date = null where workspace_id = $1",
      [workspaceId, plan],
    );

  it("wears the workspace's logo and accent on Professional, and Brandscope's on Starter, as the digest does", async () => {
    // A workspace of its own: its plan changes here, and its alerts stay out of the other tests' e-mails.
    const other = await seedTeam(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
    const workspaceId = other.owner.workspaceId;
    await t.database.pool.query("update workspaces set name = 'Kettleworth Roasters' where id = $1", [
      workspaceId,
    ]);
    await setPlan(workspaceId, "professional");
    const upload = multipart({ name: "logo.png", type: "image/png", data: await wideLogo() });
    const owner = await as(other.owner);
    const logo = await t.app.inject({
      method: "PUT",
      url: "/api/workspace/branding/logo",
      payload: upload.payload,
      headers: { ...owner, "content-type": upload.contentType },
      remoteAddress: freshIp(),
    });
    expect(logo.statusCode).toBe(200);
    const accent = await call(
      "updateBranding",
      "PATCH",
      "/workspace/branding",
      { accentColor: "#0f766e" },
      owner,
    );
    expect(accent.statusCode).toBe(200);
    const prefs = await call(
      "updateAlertPreferences",
      "PUT",
      "/alerts/preferences",
      { email: "instant" },
      owner,
    );
    expect(prefs.statusCode).toBe(200);
    const fireHere = (subject: string) =>
      t.database.db.transaction((tx) =>
        storeFired(tx, {
          workspaceId,
          batchId: crypto.randomUUID(),
          fired: [fired("engagement", subject)],
          now: t.clock.now(),
        }),
      );
    const emailed = async (subject: string) => {
      const deps = worker();
      await sendAlertEmails(deps, "instant");
      await deps.mailer.idle();
      return sink.waitFor((m) => m.to.includes(other.owner.email) && m.subject.includes(subject));
    };

    await fireHere("branded");
    const branded = await emailed("branded");
    expect(branded.html).toMatch(/<img alt="Kettleworth Roasters logo" [^>]*src="cid:workspace-logo"/);
    expect(branded.html).toContain("color:#0f766e");
    expect(branded.html).not.toContain("#3730a3");
    expect(branded.raw).toMatch(/Content-ID: <workspace-logo>/i);

    // Starter (the branding is kept, but the plan does not apply it): Brandscope's name and accent, nothing attached.
    await setPlan(workspaceId, "starter");
    await fireHere("plain");
    const plain = await emailed("plain");
    expect(plain.html).not.toContain("cid:");
    expect(plain.raw).not.toMatch(/Content-ID:/i);
    expect(plain.html).not.toContain("#0f766e");
    expect(plain.html).toContain(">Brandscope</p>");
    expect(plain.html).toContain("color:#3730a3");
  });
});

describe("Slack and Teams", () => {
  const channels = async (u: SeededUser) =>
    call("getAlertChannels", "GET", "/alerts/channels", undefined, await as(u));
  const save = async (u: SeededUser, kind: string, url: string) =>
    call("saveAlertChannel", "PUT", `/alerts/channels/${kind}`, { url }, await as(u));

  it("is a Professional feature, set by admins, with vendor URLs only, kept sealed", async () => {
    expect((await save(team.owner, "slack", chat.slackUrl)).json()).toMatchObject({ code: "PLAN_LIMIT" });
    await t.database.pool.query(
      "update subscriptions set plan = 'professional', status = 'active', end_date = null where workspace_id = $1",
      [team.owner.workspaceId],
    );
    expect((await save(team.member, "slack", chat.slackUrl)).statusCode).toBe(403);
    expect((await channels(team.member)).statusCode).toBe(403);
    for (const [kind, url] of [
      ["slack", "https://example.com/services/T1/B1/x"],
      ["slack", "http://hooks.slack.com/services/T1/B1/x"],
      ["slack", "https://hooks.slack.com/triggers/T1/1/x"],
      ["teams", "https://contoso.webhook.office.com/webhookb2/abc@def/IncomingWebhook/1/2"],
      ["teams", "https://prod-23.westeurope.logic.azure.com.evil.test/workflows/1"],
      ["slack", `${chat.origin}/workflows/1`],
    ] as const) {
      const refused = await save(team.admin, kind, url);
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().details).toEqual([{ path: "/url", message: expect.any(String) }]);
    }
    expect((await save(team.admin, "slack", chat.slackUrl)).statusCode).toBe(200);
    const saved = await save(team.owner, "teams", chat.teamsUrl);
    expect(saved.statusCode).toBe(200);
    const body = saved.json() as Schemas["AlertChannels"];
    expect(body.available).toBe(true);
    expect(body.channels.map((c) => c.kind)).toEqual(["slack", "teams"]);
    expect(JSON.stringify(body)).not.toContain("secrettoken");
    const { rows } = await t.database.pool.query<{ sealed_url: string }>(
      "select sealed_url from alert_channels",
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.sealed_url).not.toContain("secrettoken");
  });

  it("posts a test message in each vendor's payload", async () => {
    const slack = await call(
      "testAlertChannel",
      "POST",
      "/alerts/channels/slack/test",
      undefined,
      await as(team.admin),
    );
    expect(slack.json()).toEqual({ delivered: true, error: null });
    const teams = await call(
      "testAlertChannel",
      "POST",
      "/alerts/channels/teams/test",
      undefined,
      await as(team.admin),
    );
    expect(teams.json()).toEqual({ delivered: true, error: null });
    expect(chat.slack.at(-1)).toMatchObject({ text: "Brandscope alert: Test message from Brandscope" });
    expect(chat.teams.at(-1)).toMatchObject({
      type: "message",
      attachments: [
        { contentType: "application/vnd.microsoft.card.adaptive", content: { type: "AdaptiveCard" } },
      ],
    });
  });

  it("posts each run of alerts to both chats, and keeps retrying a failing one until it takes it", async () => {
    const posted = { slack: chat.slack.length, teams: chat.teams.length };
    chat.failNext.teams = 2;
    await fire([fired("source_failing", "youtube"), fired("followers", "fall")]);
    const deps = worker();
    await deliverChatAlerts(deps);
    await deliverChatAlerts(deps);
    expect(chat.slack.length - posted.slack).toBe(1);
    const message = chat.slack.at(-1) as { text: string; blocks: { text?: { text: string } }[] };
    expect(message.text).toBe("Brandscope: 2 alerts");
    expect(JSON.stringify(message.blocks)).toContain(
      `<${APP}/content?period=custom&from=2026-11-23&to=2026-11-29&s=youtube|Alert source_failing youtube>`,
    );
    expect(chat.teams.length - posted.teams).toBe(0);
    let state = (await channels(team.admin)).json() as Schemas["AlertChannels"];
    const teams = () => state.channels.find((c) => c.kind === "teams");
    expect(teams()).toMatchObject({ pending: 1, lastError: "The webhook answered HTTP 500" });
    expect(state.channels.find((c) => c.kind === "slack")).toMatchObject({ pending: 0, lastError: null });

    t.clock.advance(MINUTE_MS + 1);
    await deliverChatAlerts(deps); // the second failure: the next try waits five minutes
    expect(chat.teams.length - posted.teams).toBe(0);
    t.clock.advance(MINUTE_MS);
    await deliverChatAlerts(deps);
    expect(chat.teams.length - posted.teams).toBe(0);
    t.clock.advance(5 * MINUTE_MS);
    await deliverChatAlerts(deps);
    await deliverChatAlerts(deps);
    expect(chat.teams.length - posted.teams).toBe(1);
    expect(JSON.stringify(chat.teams.at(-1))).toContain("Alert followers fall");
    state = (await channels(team.admin)).json() as Schemas["AlertChannels"];
    expect(teams()).toMatchObject({ pending: 0, lastError: null });
  });

  it("gives a run up after three days of failures, and says so on the webhook: never lost in silence", async () => {
    const posted = chat.teams.length;
    chat.failNext.teams = 1000;
    await fire([fired("source_failing", "instagram")]);
    const deps = worker();
    await deliverChatAlerts(deps);
    let state = (await channels(team.admin)).json() as Schemas["AlertChannels"];
    const teams = () => state.channels.find((c) => c.kind === "teams");
    expect(teams()).toMatchObject({ pending: 1, givenUp: 0, lastGivenUpAt: null });
    // Retries for three days (after 1, 5 and 15 minutes, then hourly), all refused.
    for (let hour = 0; hour < 71; hour++) {
      t.clock.advance(HOUR_MS);
      await deliverChatAlerts(deps);
    }
    state = (await channels(team.admin)).json() as Schemas["AlertChannels"];
    expect(teams()).toMatchObject({ pending: 1, givenUp: 0 });
    t.clock.advance(2 * HOUR_MS);
    await deliverChatAlerts(deps);
    const givenUpAt = t.clock.now();
    state = (await channels(team.admin)).json() as Schemas["AlertChannels"];
    expect(teams()).toMatchObject({
      pending: 0,
      givenUp: 1,
      lastGivenUpAt: givenUpAt.toISOString(),
      lastError: "The webhook answered HTTP 500",
    });
    // Not tried again, even once the chat takes posts; the count stays while the chat works again.
    chat.failNext.teams = 0;
    expect(chat.teams.length - posted).toBe(0);
    const tries = chat.teams.length;
    t.clock.advance(2 * HOUR_MS);
    await deliverChatAlerts(deps);
    expect(chat.teams.length).toBe(tries);
    await call("testAlertChannel", "POST", "/alerts/channels/teams/test", undefined, await as(team.admin));
    state = (await channels(team.admin)).json() as Schemas["AlertChannels"];
    expect(teams()).toMatchObject({ pending: 0, givenUp: 1, lastError: null });
    // After 30 days it is no longer counted (the sessions of this file would not last that long: asked directly).
    const later = await countPendingDeliveries(t.database.db, {
      workspaceId: team.owner.workspaceId,
      now: new Date(givenUpAt.getTime() + 30 * DAY_MS + 1),
    });
    expect(later.get("teams")).toMatchObject({ givenUp: 0, lastGivenUpAt: null });
  });

  it("forgets the webhook and what waited for it when an admin removes it", async () => {
    chat.failNext.slack = 1;
    await fire([fired("engagement", "again")]);
    await deliverChatAlerts(worker());
    const removed = await call(
      "deleteAlertChannel",
      "DELETE",
      "/alerts/channels/slack",
      undefined,
      await as(team.admin),
    );
    expect((removed.json() as Schemas["AlertChannels"]).channels.map((c) => c.kind)).toEqual(["teams"]);
    const { rows } = await t.database.pool.query(
      "select 1 from alert_channel_deliveries where kind = 'slack' and delivered_at is null",
    );
    expect(rows).toEqual([]);
  });
});
