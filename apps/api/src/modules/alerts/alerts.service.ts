import type { components } from "@brandscope/api-client/schema";
import { signedIn, workspaceOf } from "../../kernel/caller";
import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { findUserById } from "../accounts";
import {
  countUnread,
  findMemberSettings,
  listAlerts as listStoredAlerts,
  type MemberSetting,
  markRead,
  saveMemberSettings,
  saveRuleSettings,
} from "./alerts.repo";
import { ruleSettingsOf } from "./evaluate";

type Schemas = components["schemas"];

/** A member who never chose: no rule muted, no alert e-mail (the menu shows every alert). */
export const DEFAULT_MEMBER_SETTING: MemberSetting = { mutedRules: [], email: "off" };

async function callerOf(ctx: RequestCtx) {
  const { userId } = signedIn(ctx);
  const workspaceId = workspaceOf(ctx);
  const user = await findUserById(ctx.db, { userId, workspaceId });
  if (!user) throw new AppError("UNAUTHORIZED", 401, "Unauthorized");
  const own = (await findMemberSettings(ctx.db, { userId })) ?? DEFAULT_MEMBER_SETTING;
  return { userId, workspaceId, role: user.role, own };
}

/** The caller's notifications: their workspace's newest alerts, by run, without the rules they muted. */
export async function listAlerts(ctx: RequestCtx, limit = 30): Promise<Schemas["AlertList"]> {
  const c = await callerOf(ctx);
  const scope = { workspaceId: c.workspaceId, userId: c.userId, muted: c.own.mutedRules };
  const rows = await listStoredAlerts(ctx.db, { ...scope, limit });
  const groups = new Map<string, Schemas["AlertGroup"]>();
  for (const row of rows) {
    const alert: Schemas["Alert"] = {
      id: row.id,
      rule: row.rule,
      brandId: row.brandId,
      title: row.title,
      detail: row.detail,
      link: row.link,
      period: row.periodFrom && row.periodTo ? { from: row.periodFrom, to: row.periodTo } : null,
      firedAt: row.firedAt.toISOString(),
      read: row.readAt !== null,
    };
    const group = groups.get(row.batchId);
    if (group) group.alerts.push(alert);
    else groups.set(row.batchId, { id: row.batchId, firedAt: alert.firedAt, alerts: [alert] });
  }
  return { groups: [...groups.values()], unread: await countUnread(ctx.db, scope) };
}

export async function markAlertsRead(
  ctx: RequestCtx,
  body: Schemas["MarkAlertsReadRequest"],
): Promise<Schemas["AlertUnread"]> {
  const c = await callerOf(ctx);
  const ids = body.all ? "all" : (body.ids ?? []);
  await markRead(ctx.db, { workspaceId: c.workspaceId, userId: c.userId, ids, now: ctx.clock.now() });
  return { unread: await countUnread(ctx.db, { ...c, muted: c.own.mutedRules }) };
}

async function settingsOf(
  ctx: RequestCtx,
  c: Awaited<ReturnType<typeof callerOf>>,
): Promise<Schemas["AlertSettings"]> {
  const rules = await ruleSettingsOf(ctx.db, c.workspaceId);
  return {
    rules: Object.entries(rules).map(([rule, s]) => ({ rule: rule as Schemas["AlertRule"], ...s })),
    mutedRules: c.own.mutedRules,
    email: c.own.email,
    canEditRules: c.role !== "member",
  };
}

export async function getAlertSettings(ctx: RequestCtx): Promise<Schemas["AlertSettings"]> {
  return settingsOf(ctx, await callerOf(ctx));
}

/** The workspace's rules, by its admins (the contract's x-role holds members out). */
export async function updateAlertRules(
  ctx: RequestCtx,
  body: Schemas["UpdateAlertRulesRequest"],
): Promise<Schemas["AlertSettings"]> {
  const c = await callerOf(ctx);
  const rules = body.rules.map((r) => r.rule);
  const twice = rules.findIndex((rule, i) => rules.indexOf(rule) !== i);
  if (twice >= 0) {
    throw new AppError("VALIDATION_FAILED", 400, "Each rule can be listed once.", [
      { path: `/rules/${twice}/rule`, message: "This rule is listed twice" },
    ]);
  }
  await saveRuleSettings(ctx.db, { workspaceId: c.workspaceId, settings: body.rules, now: ctx.clock.now() });
  return settingsOf(ctx, c);
}

/** Each member mutes rules and chooses e-mail for themself only. */
export async function updateAlertPreferences(
  ctx: RequestCtx,
  body: Schemas["UpdateAlertPreferencesRequest"],
): Promise<Schemas["AlertSettings"]> {
  const c = await callerOf(ctx);
  const own = { ...c.own, ...body };
  await saveMemberSettings(ctx.db, { userId: c.userId, settings: own, now: ctx.clock.now() });
  return settingsOf(ctx, { ...c, own });
}
