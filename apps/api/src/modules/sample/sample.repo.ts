import type pg from "pg";
import { copyRows } from "../../db/copy-rows";
import { Json } from "../../db/copy-text";
import { computed, selection, statementRows } from "../../db/typed-rows";
import type { SampleDataset } from "./generate";

/*
 * The sample data set's statements (load.ts decides when they run): the lock instances take turns on, the record of
 * what was loaded, and the bulk load itself by COPY.
 */

const SAMPLE_LOCK_KEY = 4_212_660_918;

const monthStart = (month: string) => `${month}-01`;

/** How a keyword's search intent is classified (docs/analytics-methods.md §5), stored with the keyword. */
export type IntentOf = (keyword: string, brandNames: readonly string[]) => string;

/** Runs `run` on one connection holding the sample's advisory lock: instances starting together take turns. */
export async function withSampleLock<T>(
  pool: pg.Pool,
  run: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [SAMPLE_LOCK_KEY]);
    return await run(client);
  } finally {
    await client.query("select pg_advisory_unlock($1)", [SAMPLE_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}

/** A sample load's record: its counts (as the data set gave them) and its focus brand. */
const LOADED_SAMPLE = selection({
  counts: computed<SampleDataset["counts"]>("counts"),
  focus: computed<string>("counts->>'focusBrandId'"),
});

/** The record of the sample loaded with this seed and version, if it is the one in the database. */
export async function findLoadedSample(client: pg.PoolClient, p: { seed: number; version: number }) {
  const [existing] = await statementRows(
    client,
    LOADED_SAMPLE,
    `select ${LOADED_SAMPLE.text} from sample_loads where id = 1 and seed = $1 and version = $2`,
    [p.seed, p.version],
  );
  return existing;
}

/**
 * Replaces the sample data with `dataset` in one transaction, with the record of the load: a crash half-way leaves
 * nothing. Returns how long it took since `started` (performance.now()).
 */
export async function replaceSampleData(
  client: pg.PoolClient,
  p: { dataset: SampleDataset; intentOf: IntentOf; seed: number; version: number; started: number },
): Promise<number> {
  const { dataset } = p;
  await client.query("begin");
  try {
    await client.query("delete from brands where sample");
    await client.query("delete from influencers where source = 'sample'");
    await client.query("delete from keywords where source = 'sample'");
    await insertDataset(client, dataset, p.intentOf);
    const durationMs = Math.round(performance.now() - p.started);
    await client.query(
      `insert into sample_loads (id, seed, version, counts, duration_ms, loaded_at) values (1, $1, $2, $3, $4, now())
       on conflict (id) do update set seed = excluded.seed, version = excluded.version, counts = excluded.counts,
         duration_ms = excluded.duration_ms, loaded_at = excluded.loaded_at`,
      [
        p.seed,
        p.version,
        {
          ...dataset.counts,
          focusBrandId: dataset.focusBrandId,
          competitorIds: dataset.brands.find((b) => b.id === dataset.focusBrandId)?.competitorIds ?? [],
        },
        durationMs,
      ],
    );
    await client.query("commit");
    return durationMs;
  } catch (error) {
    await client.query("rollback");
    throw error;
  }
}

async function insertDataset(client: pg.PoolClient, data: SampleDataset, intentOf: IntentOf): Promise<void> {
  await copyRows(
    client,
    "brands",
    [
      "id",
      "workspace_id",
      "name",
      "website",
      "country",
      "industry",
      "logo",
      "sample",
      "status",
      "data_changed_at",
    ],
    data.brands.map((b) => [
      b.id,
      null,
      b.name,
      b.website,
      b.country,
      b.industry,
      b.logo,
      true,
      "active",
      data.to,
    ]),
  );
  await copyRows(
    client,
    "social_accounts",
    ["id", "brand_id", "platform", "handle", "url"],
    data.accounts.map((a) => [a.id, a.brandId, a.platform, a.handle, a.url]),
  );
  await copyRows(
    client,
    "follower_snapshots",
    ["brand_id", "platform", "day", "followers", "source"],
    map(data.followerSnapshots(), (s) => [s.brandId, s.platform, s.date, s.followers, "sample"]),
  );
  await copyRows(
    client,
    "posts",
    [
      "id",
      "brand_id",
      "platform",
      "url",
      "posted_at",
      "text",
      "format",
      "likes",
      "comments",
      "shares",
      "views",
      "source",
    ],
    map(data.posts(), (p) => [
      p.id,
      p.brandId,
      p.platform,
      p.url,
      p.postedAt,
      p.text,
      p.format,
      p.likes,
      p.comments,
      p.shares,
      p.views,
      "sample",
    ]),
  );
  await copyRows(
    client,
    "traffic_months",
    [
      "brand_id",
      "month",
      "country",
      "visits",
      "search_visits",
      "pages_per_visit",
      "avg_duration",
      "backlinks",
      "source",
    ],
    map(data.traffic(), (t) => [
      t.brandId,
      monthStart(t.month),
      t.country,
      t.visits,
      t.searchVisits,
      t.pagesPerVisit,
      t.avgDuration,
      t.backlinks,
      "sample",
    ]),
  );
  const brandNames = data.brands.map((b) => b.name);
  await copyRows(
    client,
    "keywords",
    [
      "id",
      "brand_id",
      "industry",
      "country",
      "keyword",
      "currency",
      "cpc",
      "competition",
      "volume",
      "trend",
      "trend_start",
      "intent",
      "source",
    ],
    map(data.keywords(), (k) => {
      const trend = k.monthlyVolumes.map((m) => m.volume);
      const volume = trend.length ? Math.round(trend.reduce((sum, v) => sum + v, 0) / trend.length) : null;
      return [
        k.id,
        k.brandId,
        k.industry,
        k.country,
        k.keyword,
        k.currency,
        k.cpc,
        // The generator speaks Google's 0–100 competition index; the contract's competition is 0–1.
        k.competition / 100,
        volume,
        trend,
        k.monthlyVolumes[0] ? monthStart(k.monthlyVolumes[0].month) : null,
        intentOf(k.keyword, brandNames),
        "sample",
      ];
    }),
  );
  await copyRows(
    client,
    "audience_segments",
    ["id", "brand_id", "age_band", "gender", "country", "interests", "platform_affinity", "size", "source"],
    map(data.audienceSegments(), (s) => [
      s.id,
      s.brandId,
      s.ageBand,
      s.gender,
      s.country,
      new Json(s.interests),
      new Json(s.platformAffinity),
      s.size,
      "sample",
    ]),
  );
  await copyRows(
    client,
    "influencers",
    [
      "id",
      "handle",
      "name",
      "platform",
      "country",
      "industry",
      "topics",
      "followers",
      "url",
      "avatar",
      "audience",
      "recent_posts",
      "source",
    ],
    map(data.influencers(), (i) => [
      i.id,
      i.handle,
      i.name,
      i.platform,
      i.country,
      i.industry,
      i.topics,
      i.followers,
      i.url,
      null,
      new Json({
        ages: Object.entries(i.audience.ages).map(([label, share]) => ({ label, share })),
        genders: Object.entries(i.audience.genders).map(([label, share]) => ({ label, share })),
        countries: i.audience.countries.map((c) => ({ label: c.country, share: c.share })),
        interests: i.audience.interests.map((x) => ({ label: x.interest, share: x.weight })),
      }),
      new Json(i.recentPosts.map((p) => ({ ...p, postedAt: p.postedAt.toISOString() }))),
      "sample",
    ]),
  );
  await copyRows(
    client,
    "influencer_snapshots",
    ["influencer_id", "day", "followers"],
    map(data.influencerSnapshots(), (s) => [s.influencerId, s.date, s.followers]),
  );
  await client.query("analyze");
}

function* map<T, R>(items: Iterable<T>, fn: (item: T) => R): Generator<R> {
  for (const item of items) yield fn(item);
}
