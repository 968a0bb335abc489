import type { components } from "@brandscope/api-client/schema";
import { beforeAll, describe, expect, it } from "vitest";
import { caller } from "../../../test/api";
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from "../../../test/app";
import { type SeededUser, seedSignedInUser, seedTeam } from "../../../test/users";
import { jwtKey } from "../../config/keys";
import type { AlertRule } from "../../db/schema";
import { storeFired } from "./alerts.repo";

type Schemas = components["schemas"];

// Issue 31, alerts: the notifications and their settings through the API; read state per member, within the workspace.

let t: TestApp;
let team: Record<"owner" | "admin" | "member", SeededUser>;
let outsider: SeededUser;
let call: ReturnType<typeof caller>["call"];

const fired = (rule: AlertRule, subject: string) => ({
  rule,
  brandId: null,
  subject,
  coolDownKey: subject,
  title: `${rule} ${subject}`,
  detail: "…",
  link: "/data-sources",
  period: null,
  coolDownMs: 0,
});
const store = (workspaceId: string, list: ReturnType<typeof fired>[]) =>
  storeFired(t.database.db, { workspaceId, batchId: crypto.randomUUID(), fired: list, now: t.clock.now() });

const list = async (u: SeededUser) =>
  (
    await call("listAlerts", "GET", "/alerts", undefined, { authorization: u.authorization })
  ).json() as Schemas["AlertList"];

beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t).call;
  team = await seedTeam(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
  outsider = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
  // One run of four alerts (a group), then one of one.
  await store(team.owner.workspaceId, [
    fired("search_clicks", "cold brew"),
    fired("search_clicks", "decaf"),
    fired("source_failing", "youtube"),
    fired("plan_limit", "imported_rows"),
  ]);
  t.clock.advance(60_000);
  await store(team.owner.workspaceId, [fired("engagement", "spike")]);
  await store(outsider.workspaceId, [fired("engagement", "spike")]);
  return () => t.close();
});

describe("notifications", () => {
  it("lists the workspace's alerts by run, newest first, all unread", async () => {
    const body = await list(team.member);
    expect(body.unread).toBe(5);
    expect(body.groups.map((g) => g.alerts.map((a) => a.rule).sort())).toEqual([
      ["engagement"],
      ["plan_limit", "search_clicks", "search_clicks", "source_failing"].sort(),
    ]);
  });

  it("keeps read state per member: the member's read leaves the owner's unread", async () => {
    const [newest] = (await list(team.member)).groups;
    const id = newest?.alerts[0]?.id as string;
    const marked = await call(
      "markAlertsRead",
      "POST",
      "/alerts/read",
      { ids: [id] },
      {
        authorization: team.member.authorization,
      },
    );
    expect(marked.json()).toEqual({ unread: 4 });
    expect((await list(team.member)).groups[0]?.alerts[0]?.read).toBe(true);
    expect((await list(team.owner)).unread).toBe(5);
  });

  it("marks nothing of another workspace: an outsider's ids of A's alerts, and 'all', touch only their own", async () => {
    const ids = (await list(team.owner)).groups.flatMap((g) => g.alerts.map((a) => a.id));
    const marked = await call(
      "markAlertsRead",
      "POST",
      "/alerts/read",
      { ids },
      {
        authorization: outsider.authorization,
      },
    );
    expect(marked.json()).toEqual({ unread: 1 });
    expect((await list(outsider)).groups.flatMap((g) => g.alerts.map((a) => a.title))).toEqual([
      "engagement spike",
    ]);
    await call(
      "markAlertsRead",
      "POST",
      "/alerts/read",
      { all: true },
      { authorization: outsider.authorization },
    );
    expect((await list(outsider)).unread).toBe(0);
    expect((await list(team.owner)).unread).toBe(5);
  });

  it("refuses an empty body and an id that is not a uuid with 400", async () => {
    for (const body of [{}, { ids: ["not-an-id"] }]) {
      const answer = await call("markAlertsRead", "POST", "/alerts/read", body, {
        authorization: team.owner.authorization,
      });
      expect(answer.statusCode).toBe(400);
    }
  });
});

describe("settings", () => {
  it("starts with every rule on at medium, nothing muted, no e-mail; only admins may edit the rules", async () => {
    const member = (
      await call("getAlertSettings", "GET", "/alerts/settings", undefined, {
        authorization: team.member.authorization,
      })
    ).json() as Schemas["AlertSettings"];
    expect(member.rules).toHaveLength(6);
    expect(member.rules.every((r) => r.enabled && r.sensitivity === "medium")).toBe(true);
    expect(member).toMatchObject({ mutedRules: [], email: "off", canEditRules: false });
    const rules = { rules: [{ rule: "followers", enabled: false, sensitivity: "high" }] };
    const refused = await call("updateAlertRules", "PUT", "/alerts/settings", rules, {
      authorization: team.member.authorization,
    });
    expect(refused.statusCode).toBe(403);
    const saved = await call("updateAlertRules", "PUT", "/alerts/settings", rules, {
      authorization: team.admin.authorization,
    });
    expect((saved.json() as Schemas["AlertSettings"]).rules.find((r) => r.rule === "followers")).toEqual({
      rule: "followers",
      enabled: false,
      sensitivity: "high",
    });
  });

  it("refuses a rule listed twice with 400 at its path", async () => {
    const twice = {
      rules: [
        { rule: "followers", enabled: true, sensitivity: "low" },
        { rule: "followers", enabled: false, sensitivity: "low" },
      ],
    };
    const answer = await call("updateAlertRules", "PUT", "/alerts/settings", twice, {
      authorization: team.owner.authorization,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().details).toEqual([{ path: "/rules/1/rule", message: "This rule is listed twice" }]);
  });

  it("mutes rules for the member only: left out of their list and count, still the owner's", async () => {
    const saved = await call(
      "updateAlertPreferences",
      "PUT",
      "/alerts/preferences",
      { mutedRules: ["search_clicks"], email: "hourly" },
      { authorization: team.member.authorization },
    );
    expect(saved.json()).toMatchObject({ mutedRules: ["search_clicks"], email: "hourly" });
    const member = await list(team.member);
    expect(member.groups.flatMap((g) => g.alerts.map((a) => a.rule))).not.toContain("search_clicks");
    expect(member.unread).toBe(2);
    expect((await list(team.owner)).unread).toBe(5);
  });
});
