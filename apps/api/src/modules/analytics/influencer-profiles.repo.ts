import { asc, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { influencerSnapshots, influencers } from "../../db/schema";

export const findInfluencers = (db: Db) => db.select().from(influencers).orderBy(asc(influencers.id));

/** Every influencer's follower snapshots, by influencer then day. */
export const findInfluencerSnapshots = (db: Db) =>
  db
    .select({
      id: influencerSnapshots.influencerId,
      day: influencerSnapshots.day,
      followers: influencerSnapshots.followers,
    })
    .from(influencerSnapshots)
    .orderBy(asc(influencerSnapshots.influencerId), asc(influencerSnapshots.day));

/** The brand-independent figures of every profile, in one transaction, 2,000 rows a statement. */
export async function updateInfluencerProfiles(
  db: Db,
  p: {
    updates: {
      id: string;
      er: number | null;
      pct: number | null;
      authenticity: number | null;
      flags: { kind: string; date?: string; detail: string }[];
    }[];
    now: Date;
  },
) {
  const BATCH = 2_000;
  await db.transaction(async (tx) => {
    for (let start = 0; start < p.updates.length; start += BATCH) {
      const batch = p.updates.slice(start, start + BATCH);
      await tx.execute(sql`
        update ${influencers} as i set
          engagement_rate = u.er, er_percentile = u.pct, authenticity = u.authenticity, flags = u.flags,
          updated_at = ${p.now}
        from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
          as u(id uuid, er double precision, pct double precision, authenticity double precision, flags jsonb)
        where i.id = u.id`);
    }
  });
}
