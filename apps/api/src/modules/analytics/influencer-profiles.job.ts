import type { Db } from "../../db/client";
import type { influencers } from "../../db/schema";
import type { WorkerDeps } from "../../kernel/worker-deps";
import {
  findInfluencerSnapshots,
  findInfluencers,
  updateInfluencerProfiles,
} from "./influencer-profiles.repo";
import { authenticityEvaluated, authenticityFlags, authenticityScore } from "./influencers/authenticity";
import { buildTierBenchmarks, erPercentile } from "./influencers/benchmarks";
import { influencerEngagementRate } from "./influencers/engagement-rate";
import type { InfluencerInput } from "./influencers/types";

type InfluencerRow = typeof influencers.$inferSelect;

export function toInfluencerInput(
  row: InfluencerRow,
  snapshots?: { day: string; followers: number }[],
): InfluencerInput {
  return {
    id: row.id,
    platform: row.platform,
    followers: row.followers,
    country: row.country,
    topics: row.topics,
    audience: row.audience,
    recentPosts: row.recentPosts.map((p) => ({
      postedAt: new Date(p.postedAt),
      likes: p.likes,
      comments: p.comments,
      shares: p.shares,
      views: p.views,
    })),
    ...(snapshots ? { snapshots } : {}),
  };
}

async function snapshotsByInfluencer(db: Db) {
  const rows = await findInfluencerSnapshots(db);
  const series = new Map<string, { day: string; followers: number }[]>();
  for (const row of rows) {
    const list = series.get(row.id) ?? [];
    list.push({ day: row.day, followers: row.followers });
    series.set(row.id, list);
  }
  return series;
}

/**
 * The brand-independent figures of every influencer profile (docs/analytics-methods.md §4): ER on recent posts, its
 * percentile within the (platform, size tier) cell, authenticity flags with their evidence and the estimate.
 * The tier benchmarks need the whole pool, so the pool is profiled in one pass.
 */
export async function profileInfluencersJob(deps: WorkerDeps): Promise<void> {
  const now = deps.clock.now();
  const rows = await findInfluencers(deps.db);
  const series = await snapshotsByInfluencer(deps.db);
  const inputs = rows.map((row) => toInfluencerInput(row, series.get(row.id)));
  const rates = inputs.map((input) => influencerEngagementRate(input, now).value);
  const bench = buildTierBenchmarks(
    inputs.flatMap((input, index) => {
      const er = rates[index];
      return er === null || er === undefined
        ? []
        : [{ platform: input.platform, followers: input.followers, er }];
    }),
  );
  const updates = inputs.map((input, index) => {
    const er = rates[index] ?? null;
    const flags = authenticityFlags(input, bench, er, now);
    return {
      id: input.id,
      er,
      pct: er === null ? null : erPercentile(bench, input.platform, input.followers, er),
      authenticity: authenticityScore(flags, authenticityEvaluated(input, er)),
      flags: flags.map((f) => ({ kind: f.kind, ...(f.date ? { date: f.date } : {}), detail: f.detail })),
    };
  });
  await updateInfluencerProfiles(deps.db, { updates, now });
  deps.log.info({ influencers: updates.length }, "Influencer profiles computed");
}
