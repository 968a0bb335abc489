import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { brands } from "./brand-data.schema";
import { oneOf } from "./columns";

/** How an article's date was learnt: the feed's publication date, or the sitemap's (last change, or news date). */
export const articleDatings = ["feed", "sitemap"] as const;
export type ArticleDating = (typeof articleDatings)[number];

/**
 * The articles a company's website lists in its feed or sitemaps (modules/website/read-articles.ts): the content
 * module's "website" channel. Each daily read adds what is new; an article read again keeps its first date.
 */
export const websiteArticles = pgTable(
  "website_articles",
  {
    brandId: uuid("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    title: text("title").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
    datedBy: text("dated_by", { enum: articleDatings }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.url] }),
    index("website_articles_brand_published_idx").on(t.brandId, t.publishedAt),
    check("website_articles_dated_by_check", oneOf("dated_by", articleDatings)),
  ],
);

/** Where the last reads of a company's articles ended, for the Data sources screen and the daily refresh. */
export const websiteReads = pgTable(
  "website_reads",
  {
    brandId: uuid("brand_id")
      .primaryKey()
      .references(() => brands.id, { onDelete: "cascade" }),
    /** A read asked for (Refresh now) and not run yet while later than lastRunAt. */
    requestedAt: timestamp("requested_at", { withTimezone: true }),
    lastRunAt: timestamp("last_run_at", { withTimezone: true }),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
    /** The feed or sitemap the articles came from at the last success. */
    sourceUrl: text("source_url"),
    datedBy: text("dated_by", { enum: articleDatings }),
    /**
     * From when the stored articles are complete: a feed lists only its newest items, so the days before its
     * oldest item (at the first read, extended by every read that still reaches back) are unknown, not empty.
     */
    coveredFrom: timestamp("covered_from", { withTimezone: true }),
    articles: integer("articles").notNull().default(0),
    /** Why the last run found no articles, as the marketer reads it; null when it found some. */
    problem: text("problem"),
  },
  // A null passes the check, as SQL checks do.
  () => [check("website_reads_dated_by_check", oneOf("dated_by", articleDatings))],
);
