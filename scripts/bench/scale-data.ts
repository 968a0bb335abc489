/**
 * The data of `npm run bench:scale` (scale.ts): N workspaces, each with its own brand and three to ten competitors
 * drawn from a shared pool of companies, built inside PostgreSQL with `INSERT … SELECT generate_series` (no rows
 * cross the wire). The shapes are the product's (apps/api/src/db/*.schema.ts): a company followed by several
 * workspaces is one `brands` row (workspace_id null, as the sample's shared companies are stored) with its data
 * stored once; each workspace's own brand has its imports, keywords, audience segments, creators and connector
 * connections. Sizes are a year at the rates real brands post (RATES_PER_DAY).
 */

import type { Db } from "@brandscope/api/bench-support";
import { AGE_BANDS, createAccount, INTERESTS } from "@brandscope/api/bench-support";
import type { PoolClient } from "pg";

/**
 * Posts a day per network of an average company: brand accounts post about once a day on Facebook and Instagram,
 * two to three times on X, a few times a week on LinkedIn and TikTok, about once a week on YouTube (Rival IQ's
 * and Hootsuite's yearly benchmark reports give these orders). Each company gets an activity factor of 0.5–1.5.
 */
export const RATES_PER_DAY = {
  facebook: 1.0,
  instagram: 1.0,
  twitter: 2.5,
  linkedin: 0.5,
  tiktok: 0.6,
  youtube: 0.15,
} as const;

/** Formats per network, as the sample's PLATFORM_PROFILES weigh them (rounded). */
const FORMATS: Record<keyof typeof RATES_PER_DAY, string[]> = {
  facebook: ["image", "image", "video", "short", "link", "link", "text"],
  instagram: ["image", "carousel", "carousel", "short", "short"],
  youtube: ["video", "short", "short"],
  tiktok: ["short", "short", "short", "short", "carousel"],
  linkedin: ["image", "image", "text", "link", "carousel", "video"],
  twitter: ["text", "text", "image", "video", "link"],
};
const VIEW_FORMATS: Record<keyof typeof RATES_PER_DAY, string[]> = {
  facebook: ["video", "short"],
  instagram: ["short"],
  youtube: ["video", "short"],
  tiktok: ["short", "carousel"],
  linkedin: ["video"],
  twitter: ["text", "image", "video", "link"],
};

/** Median engagements per follower of an average post, as the sample's PLATFORM_PROFILES. */
const ENGAGEMENT_RATES: Record<keyof typeof RATES_PER_DAY, number> = {
  facebook: 0.0015,
  instagram: 0.012,
  youtube: 0.02,
  tiktok: 0.04,
  linkedin: 0.006,
  twitter: 0.0009,
};

/** Caption parts: a caption is one of each, so captions vary (27,000 combinations) as topics do. */
const OPENERS = [
  "New in store:",
  "Behind the scenes:",
  "Our team picked",
  "Weekend plans?",
  "Tips for",
  "Meet the makers of",
  "Just launched:",
  "Five ideas for",
  "How we made",
  "Customer story:",
  "Limited edition:",
  "Ask us anything about",
  "Field notes on",
  "The guide to",
  "Spotlight on",
  "Last chance for",
  "Coming soon:",
  "Why we love",
  "Fresh drop:",
  "Throwback to",
  "Save this for",
  "Giveaway! Win",
  "Sunday reading:",
  "Top questions about",
  "What's next for",
  "A closer look at",
  "From the archive:",
  "Live today:",
  "Small steps to",
  "Thank you for",
];
const SUBJECTS = [
  "slow morning coffee rituals",
  "trail running shoes that last",
  "recycled packaging we switched to",
  "skincare for winter",
  "budget travel in Portugal",
  "home office productivity",
  "plant-based recipes",
  "the new cycling jacket",
  "our sustainability report",
  "streetwear made to order",
  "photography on a phone",
  "family weekend hikes",
  "the spring collection",
  "quiet luxury design",
  "fitness routines that stick",
  "finance habits for founders",
  "music for focus",
  "gaming setups",
  "makeup that lasts all day",
  "parenting hacks from our community",
  "our roastery in Lisbon",
  "the wellness week",
  "mountain cabins",
  "cold brew at home",
  "city cycling routes",
  "capsule wardrobes",
  "the design studio",
  "entrepreneurship stories",
  "travel photography",
  "outdoor cooking",
];
const CLOSERS = [
  "Link in bio.",
  "What do you think?",
  "Tell us in the comments!",
  "Shop now.",
  "Read more on our blog.",
  "Tag a friend who needs this.",
  "Available this week only.",
  "Swipe to see more.",
  "We love this one.",
  "Thanks to everyone who joined!",
  "Disappointed it sold out so fast, more soon.",
  "Honestly the best yet.",
  "Not our favourite, but you asked.",
  "Free shipping today.",
  "Made with care.",
  "Watch the full video.",
  "Sign up for early access.",
  "Share your photos with #ourcommunity.",
  "Bad weather? Stay in with this.",
  "Happy Friday!",
  "Great news for our regulars.",
  "Doors open at 9.",
  "Love, the team.",
  "More in our newsletter.",
  "Terrible puns included.",
  "Ready?",
  "Join us live.",
  "On repeat here.",
  "See you there.",
  "Big thanks to @creator_mention for the shoot.",
];

const sqlText = (s: string) => `'${s.replaceAll("'", "''")}'`;
const sqlArray = (items: readonly string[]) => `array[${items.map(sqlText).join(",")}]::text[]`;

export interface BuildOptions {
  workspaces: number;
  /** Random seed for PostgreSQL's random() (setseed), so two runs of one N build the same sizes. */
  seed: number;
  now: Date;
  say: (text: string) => void;
}

export interface BuildResult {
  workspaces: number;
  /** The shared pool of competitor companies. */
  poolCompanies: number;
  /** The workspace with ten competitors, on Enterprise (the first one). */
  enterpriseWorkspaceId: string;
  /** Rows per table, counted after the build. */
  rows: Record<string, number>;
  /** Time per step, ms. */
  steps: Record<string, number>;
  ms: number;
}

/** The tables whose size the report shows, as stored per brand. */
export const DATA_TABLES = [
  "brands",
  "workspace_brands",
  "brand_competitors",
  "social_accounts",
  "posts",
  "follower_snapshots",
  "traffic_months",
  "keywords",
  "audience_segments",
  "imports",
  "website_articles",
  "website_reads",
  "connections",
  "connected_channels",
  "own_creators",
  "figures",
  "personas",
  "influencer_scores",
] as const;

/** The big tables, whose secondary indexes are built after their rows (as a bulk load does), then kept as defined. */
const BULK_TABLES = ["posts", "follower_snapshots", "website_articles", "keywords"];

/**
 * The accounts: one owner per workspace, made with the product's own createAccount (workspace, trial
 * subscription, owner), a hundred to a transaction; then plans: Enterprise where a workspace follows more than
 * five competitors (Professional's limit), Professional otherwise.
 */
async function buildAccounts(db: Db, o: BuildOptions): Promise<void> {
  const batch = 100;
  for (let from = 0; from < o.workspaces; from += batch) {
    await db.transaction(async (tx) => {
      for (let i = from; i < Math.min(o.workspaces, from + batch); i++) {
        await createAccount(tx, {
          email: `owner-${i + 1}@scale.example`,
          firstName: "Owner",
          lastName: String(i + 1),
          passwordHash: null,
          status: "confirmed",
          now: new Date(o.now.getTime() - 400 * 86_400_000 + i),
        });
      }
    });
  }
}

/**
 * Builds everything. `client` is one connection (temporary tables live in its session); `db` the pool's Drizzle
 * for the accounts.
 */
export async function buildScaleData(db: Db, client: PoolClient, o: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const steps: Record<string, number> = {};
  const step = async (name: string, run: () => Promise<unknown>) => {
    const at = performance.now();
    await run();
    steps[name] = Math.round(performance.now() - at);
    o.say(`  ${name}: ${(steps[name] / 1000).toFixed(1)} s`);
  };
  const q = (text: string) => client.query(text);
  const pool = Math.max(12, o.workspaces);
  const now = `'${o.now.toISOString()}'::timestamptz`;

  await step("accounts (createAccount)", () => buildAccounts(db, o));
  // A bulk load's session: foreign keys and the change triggers are not fired row by row (nothing listens yet and
  // every reference is made right here), and commits do not wait for the disk.
  // Checkpoints spaced for the load (the default max_wal_size of 1 GB checkpoints every few hundred thousand posts),
  // reset once it is done so the measurements run on the defaults.
  await q("alter system set max_wal_size = '16GB'");
  await q("alter system set checkpoint_timeout = '30min'");
  await q("select pg_reload_conf()");
  await q("set session_replication_role = replica");
  await q("set synchronous_commit = off");
  await q("set maintenance_work_mem = '256MB'");
  await q(`select setseed(${((o.seed % 1000) / 1000).toFixed(3)})`);
  const dropped = await client.query<{ indexdef: string; indexname: string }>(
    `select indexname, indexdef from pg_indexes i where schemaname = 'public' and tablename = any($1)
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [BULK_TABLES],
  );
  for (const { indexname } of dropped.rows) await q(`drop index "${indexname}"`);

  await step("companies", async () => {
    await q(`create temp table bench_ws as
      select row_number() over (order by w.created_at, w.id)::int as n, w.id as workspace_id
      from workspaces w`);
    await q(`create temp table bench_company (brand_id uuid primary key, n int, own boolean, workspace_id uuid,
      activity float8, followers float8, industry text, country text, slug text)`);
    await q(`insert into bench_company
      select gen_random_uuid(), n, true, workspace_id, 0.5 + random(), power(10, 3 + 3 * random()),
        (select array_agg(id order by id) from industries)[1 + n % (select count(*) from industries)::int],
        (array['US','GB','DE','FR','ES','IT','NL','CA','AU','BR'])[1 + n % 10], 'brand' || n
      from bench_ws`);
    await q(`insert into bench_company
      select gen_random_uuid(), g, false, null, 0.5 + random(), power(10, 3.5 + 3 * random()),
        (select array_agg(id order by id) from industries)[1 + g % (select count(*) from industries)::int],
        (array['US','GB','DE','FR','ES','IT','NL','CA','AU','BR'])[1 + g % 10], 'company' || g
      from generate_series(1, ${pool}) g`);
    await q(`insert into brands (id, workspace_id, name, website, country, industry, sample, status,
        data_changed_at, created_at)
      select brand_id, workspace_id, case when own then 'Brand ' else 'Company ' end || n, 'https://' || slug || '.example/',
        country, industry, false, 'active', ${now} - interval '1 day', ${now} - interval '400 days'
      from bench_company`);
    await q(`insert into workspace_brands (workspace_id, brand_id, created_at)
      select workspace_id, brand_id, ${now} - interval '400 days' from bench_company where own`);
    // Three to ten competitors each (the first workspace ten), drawn with a popularity skew (a few companies are
    // followed by many workspaces): 80 draws of index P·u^1.6 each, the first distinct ones kept.
    await q(`create temp table bench_follow as
      select n, workspace_id, brand_id, competitor_id, k from (
        select c.n, c.workspace_id, c.brand_id, p.brand_id as competitor_id, c.want,
          row_number() over (partition by c.n order by min(t.draw)) as k
        from (select *, case when n = 1 then 10 else 3 + floor(random() * 8)::int end as want
              from bench_company where own) c
        cross join lateral (select g as draw, 1 + floor(${pool} * power(random(), 1.6))::int + c.n * 0 as idx
                            from generate_series(1, 80) g) t
        join bench_company p on not p.own and p.n = t.idx
        group by c.n, c.workspace_id, c.brand_id, p.brand_id, c.want) x
      where k <= want`);
    await q(`insert into brand_competitors (workspace_id, brand_id, competitor_id, created_at)
      select workspace_id, brand_id, competitor_id, ${now} - interval '400 days' + k * interval '1 ms'
      from bench_follow`);
    await q(`update subscriptions s set plan = case when f.k > 5 then 'enterprise' else 'professional' end,
        status = 'active', end_date = null
      from (select workspace_id, count(*) as k from bench_follow group by workspace_id) f
      where s.workspace_id = f.workspace_id`);
    // Networks: Facebook, Instagram, LinkedIn and X for every company; YouTube for half; TikTok for two thirds.
    await q(`create temp table bench_account as
      select c.brand_id, c.own, c.slug, c.activity, c.followers, p.platform,
        case p.platform when 'facebook' then 1.2 when 'instagram' then 1 when 'youtube' then 0.35
          when 'tiktok' then 0.8 when 'linkedin' then 0.6 else 0.5 end * c.followers as audience
      from bench_company c cross join unnest(array['facebook','instagram','youtube','tiktok','linkedin','twitter'])
        as p(platform)
      where p.platform in ('facebook','instagram','linkedin','twitter')
        or (p.platform = 'youtube' and c.n % 2 = 0) or (p.platform = 'tiktok' and c.n % 3 <> 0)`);
    await q(`insert into social_accounts (brand_id, platform, handle, url)
      select brand_id, platform, slug, 'https://' || platform || '.example/' || slug from bench_account`);
  });

  await step("imports and connections", async () => {
    // The own brand's completed imports (its provenance): posts, daily follows, traffic, keywords, audience, creators.
    await q(`create temp table bench_import as
      select c.brand_id, c.workspace_id, f.format, gen_random_uuid() as import_id
      from bench_company c cross join unnest(array['meta-facebook-posts','meta-daily-follows','ga4-traffic',
        'google-ads-keyword-planner','ga4-audience','creator-list']) as f(format)
      where c.own`);
    await q("alter table bench_import add primary key (brand_id, format)");
    await q(`insert into imports (id, workspace_id, brand_id, format, file_name, status, rows, imported, errors,
        first_day, last_day, created_at)
      select import_id, workspace_id, brand_id, format, format || '.csv', 'completed', 1000, 1000, '[]'::jsonb,
        (${now} - interval '365 days')::date, (${now} - interval '1 day')::date, ${now} - interval '2 days'
      from bench_import`);
    // One to four connector connections per own brand, read an hour ago (so the daily refresh does not queue
    // them during the run), with the channel each read.
    await q(`insert into connections (workspace_id, brand_id, provider, status, property, last_run_at,
        last_success_at, created_at)
      select c.workspace_id, c.brand_id, p.provider, 'connected',
        case when p.provider in ('search_console', 'google_ads') then 'https://' || c.slug || '.example/' end,
        ${now} - interval '1 hour', ${now} - interval '1 hour', ${now} - interval '300 days'
      from bench_company c cross join lateral (
        select provider from unnest(array['youtube','search_console','instagram','google_ads']) with ordinality
          as u(provider, i)
        where i <= 1 + (c.n % 4) + c.n * 0) p
      where c.own`);
    await q(`insert into connected_channels (connection_id, brand_id, title, subscribers, media_count, read_at)
      select id, brand_id, 'Channel', 1000 + (random() * 100000)::int, (random() * 900)::int,
        ${now} - interval '1 hour'
      from connections where provider in ('youtube', 'instagram')`);
  });

  await step("posts (a year)", async () => {
    const cases = (pick: (network: keyof typeof RATES_PER_DAY) => string) =>
      `case a.platform ${Object.keys(RATES_PER_DAY)
        .map((p) => `when '${p}' then ${pick(p as keyof typeof RATES_PER_DAY)}`)
        .join(" ")} end`;
    // Each account's stream: its number of posts in the year, its formats and its engagement rate.
    await q(`create temp table bench_stream as
      select a.*, greatest(1, round(365 * a.activity * ${cases((p) => String(RATES_PER_DAY[p]))}))::int as count,
        ${cases((p) => sqlArray(FORMATS[p]))} as formats,
        ${cases((p) => sqlArray(VIEW_FORMATS[p]))} as view_formats,
        ${cases((p) => String(ENGAGEMENT_RATES[p]))} as rate,
        (select import_id from bench_import i where i.brand_id = a.brand_id and i.format = 'meta-facebook-posts')
          as posts_import,
        (select import_id from bench_import i where i.brand_id = a.brand_id and i.format = 'meta-daily-follows')
          as follows_import
      from bench_account a`);
    await q(`insert into posts (brand_id, platform, url, posted_at, text, format, likes, comments, shares, views,
        source, import_id)
      select a.brand_id, a.platform, 'https://' || a.platform || '.example/' || a.slug || '/p/' || g,
        ${now} - interval '365 days' * (g - random() * 0.9) / a.count,
        o.opener[1 + floor(random() * ${OPENERS.length})::int] || ' '
          || o.subject[1 + floor(random() * ${SUBJECTS.length})::int] || ' '
          || o.closer[1 + floor(random() * ${CLOSERS.length})::int],
        f.format,
        round(a.audience * a.rate * exp(random() * 2 - 1) * (case when random() < 0.02 then 8 else 1 end))::int,
        round(a.audience * a.rate * 0.05 * exp(random() * 2 - 1))::int,
        case when a.platform in ('facebook','tiktok','linkedin','twitter')
          then round(a.audience * a.rate * 0.03 * exp(random() * 2 - 1))::int end,
        case when f.format = any(a.view_formats) then round(a.audience * (0.1 + random()))::int end,
        case when a.own then 'csv_import' else 'provider' end, a.posts_import
      from bench_stream a
      cross join (select ${sqlArray(OPENERS)} as opener, ${sqlArray(SUBJECTS)} as subject,
        ${sqlArray(CLOSERS)} as closer) o
      cross join lateral generate_series(1, a.count) g
      cross join lateral (select a.formats[1 + floor(random() * array_length(a.formats, 1))::int + g * 0]
        as format) f`);
  });

  await step("follower snapshots (daily)", async () => {
    await q(`insert into follower_snapshots (brand_id, platform, day, followers, source, import_id)
      select a.brand_id, a.platform, (${now} - d * interval '1 day')::date,
        greatest(1, round(a.audience * (1 - d * (0.0003 + 0.0004 * a.activity)) + random() * 5))::int,
        case when a.own then 'csv_import' else 'provider' end, a.follows_import
      from bench_stream a cross join generate_series(1, 365) d`);
  });

  await step("traffic, keywords, audience, articles, creators", async () => {
    await q(`insert into traffic_months (brand_id, month, country, visits, search_visits, pages_per_visit,
        avg_duration, backlinks, source, import_id)
      select c.brand_id, (date_trunc('month', ${now}) - m * interval '1 month')::date, k.country,
        round(c.followers * 0.2 * k.share * (0.8 + random() * 0.4))::int,
        round(c.followers * 0.08 * k.share * (0.8 + random() * 0.4))::int,
        2 + random() * 3, 60 + random() * 200, (random() * 5000)::int,
        case when c.own then 'csv_import' else 'provider' end,
        case when c.own then (select import_id from bench_import i where i.brand_id = c.brand_id
          and i.format = 'ga4-traffic') end
      from bench_company c cross join generate_series(1, 12) m
      cross join (values ('US', 0.4), ('GB', 0.12), ('DE', 0.1), ('FR', 0.08), ('CA', 0.06), ('AU', 0.05),
        ('BR', 0.04), ('unknown', 0.15)) as k(country, share)`);
    // A Keyword Planner export of 150 keywords per own brand.
    await q(`insert into keywords (brand_id, industry, country, keyword, currency, cpc, competition, volume, trend,
        trend_start, intent, source, import_id)
      select c.brand_id, c.industry, c.country,
        o.subject[1 + (g % ${SUBJECTS.length})] || ' ' || (array['near me','best','buy','how to','price','review',
          'online','ideas','for beginners','vs'])[1 + (g / ${SUBJECTS.length}) % 10] || ' ' || g,
        'EUR', round((0.2 + random() * 3)::numeric, 2), random(), (100 + random() * 20000)::int,
        array(select (100 + random() * 20000)::int + g * 0 from generate_series(1, 12)),
        (date_trunc('month', ${now}) - interval '12 months')::date,
        (array['informational','commercial','transactional','navigational'])[1 + g % 4], 'csv_import',
        (select import_id from bench_import i where i.brand_id = c.brand_id
          and i.format = 'google-ads-keyword-planner')
      from bench_company c cross join generate_series(1, 150) g
      cross join (select ${sqlArray(SUBJECTS)} as subject) o
      where c.own`);
    // A GA4 audience export: age band × gender × four countries, with interests and platform affinity.
    await q(`insert into audience_segments (brand_id, age_band, gender, country, interests, platform_affinity, size,
        source, import_id)
      select c.brand_id, a.band, g.gender, k.country,
        jsonb_build_array(
          jsonb_build_object('interest', i.interests[1 + (c.n + a.i) % array_length(i.interests, 1)],
            'weight', round((0.3 + random() * 0.7)::numeric, 2)),
          jsonb_build_object('interest', i.interests[1 + (c.n * 7 + a.i * 3 + g.i) % array_length(i.interests, 1)],
            'weight', round((0.1 + random() * 0.5)::numeric, 2))),
        jsonb_build_object('facebook', 0.2, 'instagram', 0.35, 'tiktok', 0.15, 'youtube', 0.1, 'linkedin', 0.1,
          'twitter', 0.1),
        (c.followers * (0.02 + random() * 0.1))::int, 'csv_import',
        (select import_id from bench_import x where x.brand_id = c.brand_id and x.format = 'ga4-audience')
      from bench_company c
      cross join unnest(${sqlArray(AGE_BANDS.slice(1, 6))}) with ordinality as a(band, i)
      cross join unnest(array['female','male']) with ordinality as g(gender, i)
      cross join unnest(array['US','GB','DE','FR']) as k(country)
      cross join (select ${sqlArray(INTERESTS)} as interests) i
      where c.own`);
    // The website's articles: about two a week for a year, every company.
    await q(`insert into website_articles (brand_id, url, title, published_at, dated_by)
      select c.brand_id, 'https://' || c.slug || '.example/blog/' || g, 'Article ' || g,
        ${now} - g * interval '3.5 days', 'feed'
      from bench_company c cross join generate_series(1, 104) g`);
    await q(`insert into website_reads (brand_id, last_run_at, last_success_at, source_url, dated_by, covered_from,
        articles)
      select brand_id, ${now} - interval '1 hour', ${now} - interval '1 hour', 'https://' || slug || '.example/feed',
        'feed', ${now} - interval '364 days', 104
      from bench_company`);
    // A creator list of 40 per own brand.
    await q(`insert into own_creators (workspace_id, brand_id, platform, handle, name, followers, country, origin,
        import_id)
      select c.workspace_id, c.brand_id, (array['instagram','tiktok','youtube'])[1 + g % 3],
        'creator_' || c.n || '_' || g, 'Creator ' || g, (1000 + random() * 500000)::int, c.country,
        'creator_list', (select import_id from bench_import x where x.brand_id = c.brand_id
          and x.format = 'creator-list')
      from bench_company c cross join generate_series(1, 40) g where c.own`);
  });

  await step("indexes", async () => {
    for (const { indexdef } of dropped.rows) await q(indexdef);
  });
  await q("set session_replication_role = origin");
  await q("alter system reset max_wal_size");
  await q("alter system reset checkpoint_timeout");
  await q("select pg_reload_conf()");
  const enterprise = await client.query<{ id: string }>(
    "select workspace_id as id from bench_ws where n = 1",
  );
  for (const table of [
    "bench_ws",
    "bench_company",
    "bench_follow",
    "bench_stream",
    "bench_account",
    "bench_import",
  ]) {
    await q(`drop table ${table}`);
  }
  await step("vacuum analyze", () => q("vacuum analyze"));

  const rows: Record<string, number> = {};
  for (const table of DATA_TABLES) {
    const r = await client.query<{ n: string }>(`select count(*) as n from ${table}`);
    rows[table] = Number(r.rows[0]?.n ?? 0);
  }
  return {
    workspaces: o.workspaces,
    poolCompanies: pool,
    enterpriseWorkspaceId: enterprise.rows[0]?.id ?? "",
    rows,
    steps,
    ms: Math.round(performance.now() - started),
  };
}
