import type pg from "pg";
import { copyRows, Json } from "../../db/copy-rows";
import { DEFAULT_SEED, type GenerateOptions, generateSample, type SampleDataset } from "./generate";

/** Bump when the generator's output changes, so an existing database loads the new sample. */
export const SAMPLE_VERSION = 1;
const SAMPLE_LOCK_KEY = 4_212_660_918;

export interface SampleLoadResult {
  loaded: boolean;
  durationMs: number;
  dataset: Pick<SampleDataset, "focusBrandId" | "counts">;
}

export interface LoadSampleOptions extends GenerateOptions {
  /** How a keyword's search intent is classified (docs/analytics-methods.md §5), stored with the keyword. */
  intentOf: (keyword: string, brandNames: readonly string[]) => string;
}

const monthStart = (month: string) => `${month}-01`;

/**
 * Loads the deterministic sample data set once per database, in one transaction: a crash half-way leaves nothing,
 * and the next start loads it again. Instances starting together take turns on an advisory lock.
 */
export async function loadSampleData(pool: pg.Pool, options: LoadSampleOptions): Promise<SampleLoadResult> {
  const started = performance.now();
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [SAMPLE_LOCK_KEY]);
    const seed = options.seed ?? DEFAULT_SEED;
    const existing = await client.query<{ counts: SampleDataset["counts"]; focus: string }>(
      "select counts, counts->>'focusBrandId' as focus from sample_loads where id = 1 and seed = $1 and version = $2",
      [seed, SAMPLE_VERSION],
    );
    const row = existing.rows[0];
    if (row) {
      return {
        loaded: false,
        durationMs: performance.now() - started,
        dataset: { focusBrandId: row.focus, counts: row.counts },
      };
    }
    const dataset = generateSample(options);
    await client.query("begin");
    try {
      await client.query("delete from brands where sample");
      await client.query("delete from influencers where source = 'sample'");
      await client.query("delete from keywords where source = 'sample'");
      await insertDataset(client, dataset, options.intentOf);
      const durationMs = Math.round(performance.now() - started);
      await client.query(
        `insert into sample_loads (id, seed, version, counts, duration_ms, loaded_at) values (1, $1, $2, $3, $4, now())
         on conflict (id) do update set seed = excluded.seed, version = excluded.version, counts = excluded.counts,
           duration_ms = excluded.duration_ms, loaded_at = excluded.loaded_at`,
        [
          seed,
          SAMPLE_VERSION,
          {
            ...dataset.counts,
            focusBrandId: dataset.focusBrandId,
            competitorIds: dataset.brands.find((b) => b.id === dataset.focusBrandId)?.competitorIds ?? [],
          },
          durationMs,
        ],
      );
      await client.query("commit");
      return { loaded: true, durationMs, dataset };
    } catch (error) {
      await client.query("rollback");
      throw error;
    }
  } finally {
    await client.query("select pg_advisory_unlock($1)", [SAMPLE_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}

async function insertDataset(
  client: pg.PoolClient,
  data: SampleDataset,
  intentOf: LoadSampleOptions["intentOf"],
): Promise<void> {
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
