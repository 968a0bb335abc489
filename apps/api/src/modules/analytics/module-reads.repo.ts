import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { derivedSlot, freshRows, keptMapped, keptRows } from "../../db/read-model/read-model";
import { brands, figures, personas } from "../../db/schema";
import { asJson, computed, orNull, type RowOf, selection, withOptional } from "../../db/typed-rows";
import type { BrandWithLinks, SocialLinkRow } from "../brand";
import type { RowKind } from "../imports";
import { formatsStoring } from "../imports";
import type { PersonaDetailsPayload } from "./audience.compute";
import type { ComputedPeriod } from "./brand-figures";
import type { BrandTotals } from "./brand-totals";
import { SUBSCRIPTION_COLUMNS, SUBSCRIPTION_JOIN, type SubscriptionFields } from "./module-plan";

/*
 * The hot reads of the modules, as named statements on node-postgres (under Drizzle): PostgreSQL parses and plans
 * each once per connection, and building the text costs nothing per request. One round trip answers what a module
 * read needs besides its figures: the workspace's brand (and competitors), where its data came from, and which
 * version of the stored figures is current. Their rows are kept in memory until a table they read changes
 * (db/read-model/read-model.ts), so a repeated read makes no round trip at all.
 */

/**
 * The brand the workspace's modules show, as brand.repo findCurrentBrand: the caller's choice when the statement's
 * parameter `brand` holds one (http/chosen-brand.ts checked it is the workspace's), else its newest own brand.
 */
export const ownBrand = (
  brand: string,
) => `select wb.brand_id as id from workspace_brands wb where wb.workspace_id = $1
  and (${brand}::uuid is null or wb.brand_id = ${brand}::uuid) order by wb.created_at desc limit 1`;

/**
 * The exports a brand's figures rest on, newest first and comma-separated (e.g. "instagram-posts,
 * meta-facebook-posts"): its completed imports that stored rows of `kinds`. Null when there are none. The social
 * modules name the posts' and followers' exports, intent the keywords' (intent.repo.ts), so no figure names an
 * import it did not use.
 */
export const importedFormats = (
  brand: string,
  kinds: readonly RowKind[],
) => `(select string_agg(f.format, ', '
  order by f.newest desc) from (select i.format, max(i.created_at) as newest from imports i
  where i.brand_id = ${brand} and i.status = 'completed' and i.imported > 0
  and i.format in (${formatsStoring(kinds)
    .map((id) => `'${id}'`)
    .join(", ")}) group by i.format) f)`;

/*
 * The statements' select lists are built from the schema's columns (db/typed-rows.ts), under the aliases their text
 * uses, so a renamed column changes the text or fails the type check; the rest of each text is written out.
 */
const b = alias(brands, "b");
const f = alias(figures, "f");
const g = alias(figures, "g");
const persona = alias(personas, "p");

/** The social exports of the brand when `when` holds (never for shared sample data). */
const latestImport = (when: string) =>
  computed<string | null>(
    `case when ${when} and not b.sample then ${importedFormats("b.id", ["post", "followers"])} end`,
  );

/** The website traffic exports (GA4's) when `when` holds: the competitor module's web metrics rest on them. */
const trafficImport = (when: string) =>
  computed<string | null>(
    `case when ${when} and not b.sample then ${importedFormats("b.id", ["traffic"])} end`,
  );

/** The audience exports a brand's personas rest on (never for shared sample data). */
const AUDIENCE_IMPORT_FORMAT = computed<string | null>(
  `case when not b.sample then ${importedFormats("b.id", ["audience-segment"])} end`,
);

/**
 * The brand columns of a module read: a competitor (c.ord > 0) is shown by its name, logo and figures only, so
 * its social links and import source are not looked up (empty and null).
 */
const BRAND_COLUMNS = {
  id: b.id,
  workspace_id: b.workspaceId,
  name: b.name,
  website: b.website,
  country: b.country,
  industry: b.industry,
  logo: b.logo,
  description: b.description,
  sample: b.sample,
  status: b.status,
  status_reason: b.statusReason,
  data_changed_at: b.dataChangedAt,
  created_at: b.createdAt,
  social_links: computed<
    SocialLinkRow[]
  >(`case when c.ord = 0 then coalesce((select json_agg(json_build_object(
    'platform', a.platform, 'url', a.url) order by a.platform) from social_accounts a where a.brand_id = b.id),
    '[]'::json) else '[]'::json end`),
  import_format: latestImport("c.ord = 0"),
  traffic_import_format: trafficImport("c.ord = 0"),
};

type BrandRowFields = RowOf<typeof BRAND_COLUMNS>;

/** A brand of a module read, with what its provenance needs. */
export interface ModuleBrand extends BrandWithLinks {
  /** The formats of its completed social imports, newest first (brands that are not sample data); null without. */
  importFormat: string | null;
  /** The formats of its completed website traffic imports, as importFormat. */
  trafficImportFormat: string | null;
}

function toModuleBrand(r: BrandRowFields): ModuleBrand {
  return {
    id: r.id,
    workspaceId: r.workspace_id,
    name: r.name,
    website: r.website,
    country: r.country,
    industry: r.industry,
    logo: r.logo,
    description: r.description,
    sample: r.sample,
    status: r.status,
    statusReason: r.status_reason,
    dataChangedAt: r.data_changed_at,
    createdAt: r.created_at,
    socialLinks: r.social_links,
    importFormat: r.import_format,
    trafficImportFormat: r.traffic_import_format,
  };
}

/** Which row of stored figures is current; `version` changes with every write of the row. */
export interface FigureVersion {
  version: string;
  computedAt: Date;
  dataAsOf: Date | null;
}

export interface FiguredBrand extends ModuleBrand {
  /** The brand's stored content/competitor figures of the period, or null when not computed yet. */
  figures: FigureVersion | null;
  /**
   * Its stored figures of the period ending on the comparison's last day of data (`ModuleBrands.alignedKey`), or
   * null when there are none.
   */
  alignedFigures: FigureVersion | null;
}

const versionOf = (xmin: string, computedAt: Date) => `${xmin}:${computedAt.getTime()}`;

const figureVersion = (
  xmin: string | null,
  computedAt: Date | null,
  dataAsOf: Date | null,
): FigureVersion | null =>
  xmin !== null && computedAt !== null
    ? { version: versionOf(xmin, computedAt), computedAt, dataAsOf }
    : null;

const MODULE_BRANDS_COLUMNS = selection({
  ...BRAND_COLUMNS,
  figure_xmin: computed<string | null>("f.xmin::text"),
  figure_computed_at: orNull(f.computedAt),
  figure_data_as_of: orNull(f.dataAsOf),
  aligned_key: computed<string | null>("(select period_key from aligned)"),
  aligned_xmin: computed<string | null>("g.xmin::text"),
  aligned_computed_at: orNull(g.computedAt),
  aligned_data_as_of: orNull(g.dataAsOf),
  totals:
    computed<BrandTotals | null>(`case when $4::boolean and c.ord = 0 then (select t.payload from figures t
    where t.brand_id = b.id and t.module = 'dashboard' and t.period_key = 'all') end`),
});

const MODULE_BRANDS = `with own as (${ownBrand("$5")}),
companies as (
  select own.id, 0::bigint as ord from own
  union all
  select bc.competitor_id, row_number() over (order by bc.created_at, bc.competitor_id)
  from brand_competitors bc join own on bc.brand_id = own.id
  where $2::boolean and bc.workspace_id = $1
),
aligned as (
  select $3 || '@' || to_char(max(f.data_as_of) at time zone 'UTC', 'YYYY-MM-DD') as period_key
  from companies c join figures f on f.brand_id = c.id and f.module = 'content' and f.period_key = $3
  where $2::boolean and $3 not like 'custom:%'
)
select ${MODULE_BRANDS_COLUMNS.text}
from companies c join brands b on b.id = c.id
left join figures f on f.brand_id = b.id and f.module = 'content' and f.period_key = $3
left join figures g on g.brand_id = b.id and g.module = 'content'
  and g.period_key = (select period_key from aligned)
order by c.ord`;

export interface ModuleBrands {
  brands: readonly FiguredBrand[];
  totals: BrandTotals | null;
  /**
   * With competitors and a named period: the key of that period ending on the latest day any company's stored
   * figures have data for ("30d@2026-11-24", periods.ts periodEndingOn), where `alignedFigures` were looked up.
   */
  alignedKey: string | null;
}

const MODULE_BRANDS_ROWS = derivedSlot<ModuleBrands>("module-brands");

/**
 * The workspace's brand (first) and, when asked, its competitors in the order they were added, each with the
 * version of its stored figures for the period and of those of the period ending on the companies' latest day of
 * data (the comparison's one window: module-context.ts); with `totals`, the brand's stored totals too. Empty
 * without a brand.
 * While the statement's rows are kept (db/read-model/read-model.ts) the answer is the same object: it changes
 * when they do.
 */
export async function findModuleBrands(
  db: Db,
  p: {
    workspaceId: string;
    brandId: string | undefined;
    periodKey: string;
    competitors: boolean;
    totals: boolean;
  },
): Promise<ModuleBrands> {
  return keptMapped(
    db,
    MODULE_BRANDS_COLUMNS,
    {
      name: "module-brands",
      text: MODULE_BRANDS,
      values: [p.workspaceId, p.competitors, p.periodKey, p.totals, p.brandId ?? null],
      tables: ["workspace_brands", "brand_competitors", "brands", "figures", "social_accounts", "imports"],
    },
    MODULE_BRANDS_ROWS,
    (rows): ModuleBrands => ({
      brands: rows.map((r) => ({
        ...toModuleBrand(r),
        figures: figureVersion(r.figure_xmin, r.figure_computed_at, r.figure_data_as_of),
        alignedFigures: figureVersion(r.aligned_xmin, r.aligned_computed_at, r.aligned_data_as_of),
      })),
      totals: rows[0]?.totals ?? null,
      alignedKey: rows[0]?.aligned_key ?? null,
    }),
  );
}

const STORED_FIGURES_COLUMNS = selection({
  brand_id: f.brandId,
  figure_xmin: computed<string>("f.xmin::text"),
  computed_at: f.computedAt,
  data_as_of: f.dataAsOf,
  payload: computed<ComputedPeriod>(sql`${f.payload}`),
});

const STORED_FIGURES = `select ${STORED_FIGURES_COLUMNS.text} from figures f
  where brand_id = any($1::uuid[]) and module = 'content' and period_key = $2`;

/** The stored content/competitor figures of the brands for the period (as brand-figures.ts computes them), with their versions. */
export async function findStoredFigures(
  db: Db,
  p: { brandIds: string[]; periodKey: string },
): Promise<{ brandId: string; figures: FigureVersion; payload: ComputedPeriod }[]> {
  // Not kept as rows: stored-figures.ts keeps the parsed payload per version of the row.
  const rows = await freshRows(db, STORED_FIGURES_COLUMNS, {
    name: "stored-figures",
    text: STORED_FIGURES,
    values: [p.brandIds, p.periodKey],
  });
  return rows.map((r) => ({
    brandId: r.brand_id,
    figures: {
      version: versionOf(r.figure_xmin, r.computed_at),
      computedAt: r.computed_at,
      dataAsOf: r.data_as_of,
    },
    payload: r.payload,
  }));
}

/**
 * The ids of the brands whose audiences the workspace sees (its brand and its competitors), as SQL text; `brand`
 * is the parameter of the chosen brand (ownBrand).
 */
const audienceBrandIds = (brand: string) => `with own as (${ownBrand(brand)})
  select own.id from own
  union all
  select bc.competitor_id from brand_competitors bc join own on bc.brand_id = own.id where bc.workspace_id = $1`;

/** The persona columns both statements select (interests and platforms as JSON: asJson). */
const PERSONA_COLUMNS = {
  name: persona.name,
  age_min: persona.ageMin,
  age_max: persona.ageMax,
  gender: persona.gender,
  interests: asJson(persona.interests),
  platforms: asJson(persona.platforms),
  size: persona.size,
  share: persona.share,
  engagement_rate: persona.engagementRate,
  country: persona.country,
  industry: persona.industry,
};

/** The persona columns a list row and the details share, from a row of either statement. */
function personaFields(r: RowOf<typeof PERSONA_COLUMNS>) {
  return {
    name: r.name,
    ageMin: r.age_min,
    ageMax: r.age_max,
    gender: r.gender,
    interests: r.interests,
    platforms: r.platforms,
    size: r.size,
    share: r.share,
    engagementRate: r.engagement_rate,
    country: r.country,
    industry: r.industry,
  };
}

const PERSONA_DETAILS_COLUMNS = selection({
  id: persona.id,
  brand_id: persona.brandId,
  ...PERSONA_COLUMNS,
  details: computed<PersonaDetailsPayload>(sql`${persona.details}`),
  computed_at: persona.computedAt,
  sample: b.sample,
  import_format: AUDIENCE_IMPORT_FORMAT,
  ...SUBSCRIPTION_COLUMNS,
});

const PERSONA_DETAILS = `with visible as (${audienceBrandIds("$3")})
select ${PERSONA_DETAILS_COLUMNS.text}
from personas p join brands b on b.id = p.brand_id ${SUBSCRIPTION_JOIN}
where p.id = $2 and p.brand_id in (select id from visible)`;

/** The persona fields a list row and the details share. */
type PersonaFields = ReturnType<typeof personaFields>;

export interface PersonaDetailsRow extends PersonaFields {
  id: string;
  brandId: string;
  details: PersonaDetailsPayload;
  computedAt: Date;
  /** Of the persona's brand, for the provenance. */
  sample: boolean;
  importFormat: string | null;
  /** The workspace's plan, read in the same query. */
  subscription: SubscriptionFields;
}

const PERSONA_ROWS = derivedSlot<{ persona?: PersonaDetailsRow }>("persona-rows");

/**
 * A persona of the workspace's audience (its brand's or a competitor's), or undefined. While the statement's rows
 * are kept, the same object every time (db/read-model/kept-answers.ts keeps its answer under it).
 */
export async function findVisiblePersona(
  db: Db,
  p: { workspaceId: string; brandId: string | undefined; personaId: string },
): Promise<PersonaDetailsRow | undefined> {
  const found = await keptMapped(
    db,
    PERSONA_DETAILS_COLUMNS,
    {
      name: "persona-details",
      text: PERSONA_DETAILS,
      values: [p.workspaceId, p.personaId, p.brandId ?? null],
      tables: ["workspace_brands", "brand_competitors", "personas", "brands", "imports", "subscriptions"],
    },
    PERSONA_ROWS,
    ([r]): { persona?: PersonaDetailsRow } =>
      r
        ? {
            persona: {
              id: r.id,
              brandId: r.brand_id,
              ...personaFields(r),
              details: r.details,
              computedAt: r.computed_at,
              sample: r.sample,
              importFormat: r.import_format,
              subscription: {
                subscription_plan: r.subscription_plan,
                subscription_status: r.subscription_status,
                subscription_end_date: r.subscription_end_date,
              },
            },
          }
        : {},
  );
  return found.persona;
}

/**
 * Arrays come back as JSON (to_json): node-postgres parses it natively, much faster than its array text parser.
 * The page in a lateral join, so the workspace's subscription comes back in the same round trip even past the last
 * page (one row with null persona columns).
 */
/** A page's row: past the last page, the lateral join leaves one row of nulls (withOptional). */
const PERSONA_PAGE_ROW = selection({
  id: persona.id,
  sort_key: persona.sortKey,
  ...PERSONA_COLUMNS,
  total: computed<number>("(count(*) over ())::int"),
});
const PERSONA_PAGE_COLUMNS = withOptional(selection(SUBSCRIPTION_COLUMNS), "page", PERSONA_PAGE_ROW);

const PERSONA_PAGE = (order: (alias: string) => string) => `with visible as (${audienceBrandIds("$7")})
select ${PERSONA_PAGE_COLUMNS.text}
from (select) as one ${SUBSCRIPTION_JOIN}
left join lateral (
  select ${PERSONA_PAGE_ROW.text}
  from personas p
  where p.brand_id in (select id from visible)
    and ($2::text is null or p.country = $2)
    and ($3::text is null or p.industry = $3)
    and ($4::text is null or lower(p.name) like $4
      or exists (select 1 from unnest(p.interests) as i where lower(i) like $4))
  order by ${order("p")} limit $5 offset $6
) page on true
order by ${order("page")}`;

export interface PersonaSummaryRow extends PersonaFields {
  id: string;
  sortKey: string;
  /** How many personas match the filters, whatever the page. */
  total: number;
}

/**
 * A page of the personas the workspace sees (its brand's and its competitors'), filtered, by name or largest
 * first, each row carrying the count of every match. `search` is a LIKE pattern, matched against the lower-cased
 * name and interests.
 */
export async function findPersonaPage(
  db: Db,
  p: {
    workspaceId: string;
    brandId: string | undefined;
    country: string | undefined;
    industry: string | undefined;
    search: string | undefined;
    order: "name" | "largest";
    limit: number;
    offset: number;
  },
): Promise<{ rows: PersonaSummaryRow[]; subscription: SubscriptionFields }> {
  const rows = await keptRows(db, PERSONA_PAGE_COLUMNS, {
    name: `persona-page-${p.order}`,
    text: PERSONA_PAGE(
      p.order === "name" ? (t) => `${t}.sort_key, ${t}.id` : (t) => `${t}.size desc, ${t}.id`,
    ),
    values: [
      p.workspaceId,
      p.country ?? null,
      p.industry ?? null,
      p.search ?? null,
      p.limit,
      p.offset,
      p.brandId ?? null,
    ],
    tables: ["workspace_brands", "brand_competitors", "personas", "subscriptions"],
  });
  const first = rows[0];
  const subscription: SubscriptionFields = {
    subscription_plan: first?.subscription_plan ?? null,
    subscription_status: first?.subscription_status ?? null,
    subscription_end_date: first?.subscription_end_date ?? null,
  };
  return {
    rows: rows.flatMap((r) =>
      r.id === null ? [] : [{ id: r.id, sortKey: r.sort_key, ...personaFields(r), total: r.total }],
    ),
    subscription,
  };
}

const TOP_PERSONA_IDS_COLUMNS = selection({ id: persona.id });

const TOP_PERSONA_IDS = `with visible as (${audienceBrandIds("$4")})
select ${TOP_PERSONA_IDS_COLUMNS.text} from personas p
where p.brand_id in (select id from visible) and ($2::text is null or p.industry = $2)
order by p.size desc, p.id limit $3`;

/** The ids of the largest personas the workspace sees, of one industry when given: a Starter plan's top few. */
export async function findTopPersonaIds(
  db: Db,
  p: { workspaceId: string; brandId: string | undefined; industry: string | null; limit: number },
): Promise<string[]> {
  const rows = await freshRows(db, TOP_PERSONA_IDS_COLUMNS, {
    name: "top-persona-ids",
    text: TOP_PERSONA_IDS,
    values: [p.workspaceId, p.industry, p.limit, p.brandId ?? null],
  });
  return rows.map((row) => row.id);
}

const AUDIENCE_SOURCE_COLUMNS = selection({
  sample: b.sample,
  import_format: AUDIENCE_IMPORT_FORMAT,
  computed_at: computed<Date | null>("(select max(p.computed_at) from personas p where p.brand_id = b.id)"),
});

const AUDIENCE_SOURCE = `with own as (${ownBrand("$2")})
select ${AUDIENCE_SOURCE_COLUMNS.text}
from own join brands b on b.id = own.id`;

/** Where the own brand's personas come from, for the list's provenance line. */
export interface AudienceSource {
  sample: boolean;
  importFormat: string | null;
  /** When its personas were last computed; null while it has none. */
  computedAt: Date | null;
}

/** The own brand's audience source, or undefined without a brand. Kept in memory like the list it labels. */
export async function findAudienceSource(
  db: Db,
  p: { workspaceId: string; brandId: string | undefined },
): Promise<AudienceSource | undefined> {
  const [row] = await keptRows(db, AUDIENCE_SOURCE_COLUMNS, {
    name: "audience-source",
    text: AUDIENCE_SOURCE,
    values: [p.workspaceId, p.brandId ?? null],
    tables: ["workspace_brands", "brands", "imports", "personas"],
  });
  return row && { sample: row.sample, importFormat: row.import_format, computedAt: row.computed_at };
}
