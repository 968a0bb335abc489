import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { keptRows } from "../../db/read-model/read-model";
import { keywords } from "../../db/schema";
import { asJson, computed, fieldsOf, type RowOf, selection, withAbsent } from "../../db/typed-rows";
import { importedFormats, ownBrand } from "./module-reads.repo";

/**
 * The keyword reads as named statements (module-reads.repo.ts says why), each one round trip: the workspace's
 * brand, its keywords and, when one of them came from an import, the exports that stored keywords. A query with a
 * country and one without are statements of their own, each planned for its filters.
 *
 * The industries' keywords (brand_id null) exist only in the sample data set, so only the sample brand reads them
 * (docs/decisions.md "Brand data and provenance"): a brand of one's own reads its own keywords alone, which are
 * its industry's, so the industry filter keeps them only for that industry.
 */

const k = alias(keywords, "k");

/**
 * The columns of the page of keywords (a union's branches each select them from `k`), `volume_order` for the
 * union's order: a bucketed Keyword Planner import's range (volume_low, volume_high) stands in for the volume.
 */
const KEYWORD_PAGE = selection({
  id: k.id,
  keyword: k.keyword,
  country: k.country,
  volume: k.volume,
  volume_low: k.volumeLow,
  volume_high: k.volumeHigh,
  cpc: k.cpc,
  currency: k.currency,
  competition: k.competition,
  trend: k.trend,
  source: k.source,
  volume_order: computed<number | null>("coalesce(k.volume, k.volume_low)"),
});

const page = fieldsOf("page", KEYWORD_PAGE);

/** A keyword of the answer, as the page holds it (trend as JSON: answerOf). */
const KEYWORD_FIELDS = {
  keyword: page.keyword,
  country: page.country,
  volume: page.volume,
  volume_low: page.volume_low,
  volume_high: page.volume_high,
  cpc: page.cpc,
  currency: page.currency,
  competition: page.competition,
  trend: asJson(page.trend),
  source: page.source,
};

export type KeywordRow = RowOf<typeof KEYWORD_FIELDS>;

export interface KeywordAnswer {
  brandId: string;
  /** Whether the workspace's brand is the shared sample brand. */
  sampleBrand: boolean;
  /**
   * When a keyword came from an import: the format of the brand's latest completed import, null without one.
   * Undefined when every keyword came with the sample data.
   */
  importFormat: string | null | undefined;
  /** Whether a keyword came from a connector (Google Ads keyword planning). */
  fromProvider: boolean;
  rows: KeywordRow[];
}

/** The workspace's brand; `brand` is the parameter of the chosen one (ownBrand). */
const own = (brand: string) =>
  `own as (select b.id, b.industry, b.country, b.sample from brands b where b.id = (${ownBrand(brand)}))`;
/** The country asked for ($2), else the brand's; with neither, any country. */
const COUNTRY = "coalesce($2::text, own.country)";
const KEYWORD_COLUMNS = KEYWORD_PAGE.text;

/**
 * The answer's rows: the brand on each (one row with null keyword columns when no keyword matches), the page in
 * its order, and on an imported keyword the exports that stored keywords. The trend array comes
 * back as JSON (to_json): node-postgres parses that natively, much faster than its array text parser.
 */
const ANSWER_COLUMNS = withAbsent(
  {
    brand_id: computed<string>("own.id"),
    brand_sample: computed<boolean>("own.sample"),
    import_format: computed<string | null>(
      `case when page.source = 'csv_import' then ${importedFormats("own.id", ["keyword"])} end`,
    ),
  },
  KEYWORD_FIELDS,
);

const answerOf = (order: string) => `select ${ANSWER_COLUMNS.text}
from own left join page on true
order by ${order}`;

/** Largest volume first, unknown volumes last: the order of keywords_industry_country_volume_idx. */
const BY_VOLUME = "volume desc nulls last, id";
/**
 * The page's order: a ranged volume (a bucketed import) sorts by its lower bound among the exact ones, through
 * KEYWORD_COLUMNS' volume_order (a union's order by takes only its columns). Only a brand's own keywords have
 * ranges, so the industry's branches keep BY_VOLUME and their index.
 */
const BY_VOLUME_OR_LOW = "volume_order desc nulls last, id";

/**
 * The brand's own keywords and, for the sample brand, its industry's ($3, else the brand's), by volume. The
 * industry's are read in index order, a country's (the branch that runs when there is one) or all countries' up to
 * the page: never every keyword of the industry to sort them.
 */
const INTENT_KEYWORDS = `with ${own("$5")},
industry as (select coalesce($3::text, own.industry) as name, ${COUNTRY} as country, own.sample from own),
page as (
  (select ${KEYWORD_COLUMNS} from keywords k where k.brand_id = (select id from own)
    and ((select country from industry) is null or k.country = (select country from industry))
    and ((select sample from industry) or $3::text is null or $3::text = (select industry from own)))
  union all
  (select ${KEYWORD_COLUMNS} from keywords k
    where (select sample from industry) and k.brand_id is null and k.industry = (select name from industry)
      and k.country = (select country from industry)
    order by k.${BY_VOLUME} limit $4)
  union all
  (select ${KEYWORD_COLUMNS} from keywords k
    where (select sample from industry) and (select country from industry) is null and k.brand_id is null
      and k.industry = (select name from industry)
    order by k.${BY_VOLUME} limit $4)
  order by ${BY_VOLUME_OR_LOW} limit $4
)
${answerOf("page.volume_order desc nulls last, page.id")}`;

/**
 * Keywords of the brand (or, for the sample brand, of any industry) whose lower-cased text is LIKE $3, the closest
 * to $4 first (trigram similarity), then by volume. Both branches read keywords_country_keyword_trgm_idx: the first
 * with the country and the pattern's trigrams together, the second (which runs only without a country) with the
 * trigrams alone.
 */
const SEARCH_KEYWORDS = `with ${own("$6")},
page as (
  select ${KEYWORD_COLUMNS}, similarity(lower(k.keyword), $4) as closeness from keywords k
  where k.country = (select ${COUNTRY} from own) and lower(k.keyword) like $3
    and (k.brand_id = (select id from own) or (k.brand_id is null and (select sample from own)))
  union all
  select ${KEYWORD_COLUMNS}, similarity(lower(k.keyword), $4) as closeness from keywords k
  where (select ${COUNTRY} is null from own) and lower(k.keyword) like $3
    and (k.brand_id = (select id from own) or (k.brand_id is null and (select sample from own)))
  order by closeness desc, volume_order desc, id limit $5
)
${answerOf("page.closeness desc, page.volume_order desc, page.id")}`;

function toAnswer(rows: readonly NonNullable<(typeof ANSWER_COLUMNS)["row"]>[]): KeywordAnswer | undefined {
  const first = rows[0];
  if (!first) return undefined;
  const imported = rows.find((r) => r.source === "csv_import");
  return {
    brandId: first.brand_id,
    sampleBrand: first.brand_sample,
    importFormat: imported ? imported.import_format : undefined,
    fromProvider: rows.some((r) => r.source === "provider"),
    rows: rows.flatMap((r) => {
      if (r.keyword === null) return [];
      const { brand_id: _b, brand_sample: _s, import_format: _f, ...keyword } = r;
      return [keyword];
    }),
  };
}

/** Undefined when the workspace has no brand. */
export async function findIntentKeywords(
  db: Db,
  p: {
    workspaceId: string;
    brandId: string | undefined;
    country: string | undefined;
    industry: string | undefined;
    limit: number;
  },
): Promise<KeywordAnswer | undefined> {
  const rows = await keptRows(db, ANSWER_COLUMNS, {
    name: "intent-keywords",
    text: INTENT_KEYWORDS,
    values: [p.workspaceId, p.country ?? null, p.industry ?? null, p.limit, p.brandId ?? null],
    tables: ["workspace_brands", "brands", "keywords", "imports"],
  });
  return toAnswer(rows);
}

/** Undefined when the workspace has no brand. */
export async function searchVisibleKeywords(
  db: Db,
  p: {
    workspaceId: string;
    brandId: string | undefined;
    country: string | undefined;
    pattern: string;
    text: string;
    limit: number;
  },
): Promise<KeywordAnswer | undefined> {
  // Planned once for any pattern, as every statement (db/client.ts); query-plans.test.ts holds it to its index.
  const rows = await keptRows(db, ANSWER_COLUMNS, {
    name: "search-keywords",
    text: SEARCH_KEYWORDS,
    values: [p.workspaceId, p.country ?? null, p.pattern, p.text, p.limit, p.brandId ?? null],
    tables: ["workspace_brands", "brands", "keywords", "imports"],
  });
  return toAnswer(rows);
}
