import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type { Db } from "../../db/client";
import type { AlertRule, AlertSensitivity } from "../../db/schema";
import { BeingComputed } from "../../kernel/errors";
import type { ReadCtx } from "../../kernel/handler-types";
import type { JobQueue } from "../../kernel/job-queue";
import type { Clock } from "../../lib/clock";
import { addDays, competitorAnswer, readFollowers, toDay } from "../analytics";
import { planOf, workspacePlan } from "../billing";
import { importedRowsOf } from "../brand";
import { getSourceHealth } from "../connectors";
import { sourceLabel } from "../digest";
import {
  alertTargets,
  engagementPosts,
  findRuleSettings,
  lockWorkspaceAlerts,
  newestPostDay,
  searchSets,
  storeFired,
} from "./alerts.repo";
import { chatWebhooksAllowed } from "./channels.service";
import { queueChannelDeliveries } from "./delivery.repo";
import {
  BASELINE_WEEKS,
  breakoutRule,
  engagementRule,
  type Fired,
  followerRule,
  planLimitRule,
  RECENT_DAYS,
  searchClicksRule,
  sourceFailingRule,
  weeklyEngagement,
} from "./rules";

export interface AlertDeps {
  db: Db;
  clock: Clock;
  /**
   * The job queue, in a worker: the rules then read stored figures only, as a request does, and never compute
   * another company's inside this brand's job (module-context.ts). Without it (a test's direct call), what is
   * missing is computed in the read.
   */
  jobs?: JobQueue;
}

type Setting = { enabled: boolean; sensitivity: AlertSensitivity };
export const DEFAULT_SETTING: Setting = { enabled: true, sensitivity: "medium" };

/** A workspace's rule settings, each rule's default where the admins never chose. */
export async function ruleSettingsOf(db: Db, workspaceId: string): Promise<Record<AlertRule, Setting>> {
  const saved = new Map((await findRuleSettings(db, { workspaceId })).map((s) => [s.rule, s]));
  const of = (rule: AlertRule) => saved.get(rule) ?? DEFAULT_SETTING;
  return {
    engagement: of("engagement"),
    competitor_breakout: of("competitor_breakout"),
    followers: of("followers"),
    search_clicks: of("search_clicks"),
    source_failing: of("source_failing"),
    plan_limit: of("plan_limit"),
  };
}

/**
 * Judges the alert rules after a brand's figures were recomputed (docs/alerts.md): every rule for each workspace
 * owning the brand, the breakout rule for each workspace following it as a competitor. What fires in one run of a
 * workspace is stored as one batch, past the cool-downs. Returns the stored alerts by workspace, for delivery.
 */
export async function evaluateAlerts(deps: AlertDeps, brandId: string) {
  const { own, following } = await alertTargets(deps.db, { brandId });
  const stored = [];
  for (const target of own) stored.push(await evaluateFor(deps, target, "all"));
  for (const target of following) stored.push(await evaluateFor(deps, target, "breakout"));
  return stored.filter((s) => s.alerts.length > 0);
}

async function evaluateFor(
  deps: AlertDeps,
  target: { workspaceId: string; brandId: string; name: string },
  which: "all" | "breakout",
) {
  const settings = await ruleSettingsOf(deps.db, target.workspaceId);
  const now = deps.clock.now();
  const today = toDay(now);
  const brand = { id: target.brandId, name: target.name };
  const read: ReadCtx & { workspaceId: string; brandId: string } = {
    db: deps.db,
    clock: deps.clock,
    workspaceId: target.workspaceId,
    brandId: target.brandId,
    // Stored figures only, and nothing queued: a company of the comparison without figures has its own job coming
    // (its writer's, the new day's), which judges this workspace once they are stored. Queuing them here set off a
    // cascade of recomputes through every follower's comparison (npm run bench:scale, docs/scale.md).
    ...(deps.jobs ? { jobs: { ...deps.jobs, enqueue: async () => undefined } } : {}),
  };
  const on = (rule: AlertRule) => (settings[rule].enabled ? settings[rule].sensitivity : null);
  const fired: Fired[] = [];

  const breakout = on("competitor_breakout");
  // A company of the comparison without figures yet: its own job judges the breakout once it has stored them (it
  // runs this for every workspace following it). A company followed by hundreds of workspaces
  // would otherwise compute their comparisons' missing figures inside its own job (docs/scale.md).
  const answer = breakout ? await storedOrComputing(() => competitorAnswer(read, { period: "7d" })) : null;
  if (breakout && answer) {
    const { limits } = await workspacePlan(deps.db, { workspaceId: target.workspaceId, now });
    // Competitors past the plan's allowance (kept after a downgrade) stay out, as in the module.
    const allowed = answer.competitors.slice(0, limits.competitorsPerBrand);
    const names = new Map(allowed.map((c) => [c.id, c.name]));
    const candidates = answer.breakoutPosts.items.flatMap((p) => {
      const companyName = names.get(p.companyId);
      return companyName ? [{ ...p, companyName }] : [];
    });
    fired.push(...breakoutRule(brand, answer.common.window, candidates, breakout));
  }
  if (which === "all") fired.push(...(await ownBrandRules(deps, read, brand, today, on)));

  if (fired.length === 0) return { workspaceId: target.workspaceId, alerts: [] };
  const alerts = await deps.db.transaction(async (tx) => {
    await lockWorkspaceAlerts(tx, { workspaceId: target.workspaceId });
    const batchId = randomUUID();
    const stored = await storeFired(tx, { workspaceId: target.workspaceId, batchId, fired, now });
    // The team's chats get the run too: queued with the alerts, so a crash loses neither (docs/alerts.md).
    if (stored.length > 0 && (await chatWebhooksAllowed(tx, target.workspaceId, now))) {
      await queueChannelDeliveries(tx, { workspaceId: target.workspaceId, batchId, now });
    }
    return stored;
  });
  return { workspaceId: target.workspaceId, alerts };
}

/** The read's answer, or null while its figures are being computed (BeingComputed: a job is queued for them). */
async function storedOrComputing<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof BeingComputed) return null;
    throw error;
  }
}

async function ownBrandRules(
  deps: AlertDeps,
  read: ReadCtx & { workspaceId: string; brandId: string },
  brand: { id: string; name: string },
  today: string,
  on: (rule: AlertRule) => AlertSensitivity | null,
): Promise<Fired[]> {
  const fired: Fired[] = [];
  const now = deps.clock.now();

  const engagement = on("engagement");
  const lastDay = engagement ? await newestPostDay(deps.db, { brandId: brand.id }) : null;
  // The week ending on the newest post, while it is recent: an import of last year's posts is history, not news.
  if (engagement && lastDay && addDays(lastDay, RECENT_DAYS) >= today) {
    const from = addDays(lastDay, -7 * BASELINE_WEEKS - 6);
    const posts = await engagementPosts(deps.db, { brandId: brand.id, from, to: lastDay });
    fired.push(...engagementRule(brand, weeklyEngagement(posts, lastDay), engagement));
  }

  const followers = on("followers");
  if (followers) {
    fired.push(...followerRule(brand, await readFollowers(deps.db, { brandId: brand.id }), today, followers));
  }

  const search = on("search_clicks");
  const sets = search ? await searchSets(deps.db, read) : null;
  if (search && sets) fired.push(...searchClicksRule(brand, sets.newest, sets.previous, today, search));

  const failing = on("source_failing");
  if (failing) {
    const health = await getSourceHealth(read);
    const sources = health.sources.flatMap((s) =>
      s.status === "failing" ? [{ ...s, label: sourceLabel[s.source] }] : [],
    );
    fired.push(...sourceFailingRule(brand, sources, now, failing));
  }

  const limit = on("plan_limit");
  if (limit) {
    const { plan, limits } = await workspacePlan(deps.db, { workspaceId: read.workspaceId, now });
    const stored = await importedRowsOf(deps.db, { workspaceId: read.workspaceId });
    fired.push(...planLimitRule({ planName: planOf(plan).name, stored, limit: limits.importedRows }, limit));
  }
  return fired;
}

/**
 * The compute-brand job's last step (jobs/workers.ts): alerts are judged on the figures just stored. A failure here
 * is logged and leaves the recompute done; the next recompute judges again, and the cool-downs keep one event one
 * alert.
 */
export async function alertsAfterRecompute(
  deps: AlertDeps & { log: Logger },
  brandId: string,
): Promise<void> {
  try {
    const runs = await evaluateAlerts(deps, brandId);
    const fired = runs.reduce((n, r) => n + r.alerts.length, 0);
    if (fired > 0) deps.log.info({ event: "alerts.fired", brandId, fired }, "Alerts fired");
  } catch (error) {
    deps.log.error({ err: error, event: "alerts.failed", brandId }, "Alerts could not be judged");
  }
}
