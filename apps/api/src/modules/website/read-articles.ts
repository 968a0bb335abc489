import { gunzipSync } from "node:zlib";
import type { ArticleDating } from "../../db/website.schema";
import { SafeFetchError, type SafeFetchOptions, safeFetch } from "../../lib/safe-fetch";
import { type ListedArticle, readFeed } from "./feed";
import { RobotsUnavailable, readSiteRules, type SiteRules } from "./robots";
import { articleSitemapsFirst, readSitemap } from "./sitemap";

/** Limits of one read, so that a huge or hostile site costs a bounded number of requests and bytes. */
export const ARTICLE_READ_LIMITS = {
  /** Feeds tried: those the home page declares, then the usual addresses. */
  feeds: 3,
  /** Sitemap documents fetched, an index and its children together. */
  sitemaps: 5,
  feedBytes: 5 * 1024 * 1024,
  /** A sitemap may hold 50,000 URLs (sitemaps.org); compressed ones are inflated up to this size as well. */
  sitemapBytes: 10 * 1024 * 1024,
  /** The newest articles kept from one read. */
  articles: 2_000,
} as const;

/** Where sites usually serve a feed when the home page does not declare one. */
const USUAL_FEEDS = ["/feed", "/rss.xml"];
const FEED_TYPES = [
  "application/rss+xml",
  "application/atom+xml",
  "application/rdf+xml",
  "application/xml",
  "text/xml",
];
const SITEMAP_TYPES = ["application/xml", "text/xml", "application/gzip", "application/x-gzip", "text/plain"];

export type ArticlesRead =
  | { ok: true; articles: ListedArticle[]; datedBy: ArticleDating; sourceUrl: string }
  | { ok: false; problem: string };

export const ROBOTS_REFUSED_PROBLEM =
  "No articles read: the website's robots.txt does not allow Brandscope (BrandscopeBot) to read its feed or sitemap.";
export const NO_ARTICLES_PROBLEM =
  "No articles found: the website has no RSS or Atom feed, and its sitemap lists no dated articles (pages under /blog/ or /news/ with a date).";

/**
 * A company's articles, from its website's feed, or else its sitemaps (robots.txt respected, every fetch through the
 * SSRF-safe fetch). A feed gives each article's publication date; a sitemap only each page's last change, so it is
 * the fallback. `feedUrls` are the feeds the home page declares (extract.ts).
 */
export async function readWebsiteArticles(
  site: { url: string; feedUrls: readonly string[] },
  options: SafeFetchOptions,
): Promise<ArticlesRead> {
  const origin = new URL(site.url).origin;
  const rules = new SiteRulesCache(origin, options);
  try {
    const feeds = [...new Set([...site.feedUrls, ...USUAL_FEEDS.map((p) => new URL(p, origin).href)])];
    for (const feedUrl of feeds.slice(0, ARTICLE_READ_LIMITS.feeds)) {
      if (!(await rules.allows(feedUrl))) continue;
      const articles = await fetchFeed(feedUrl, options);
      if (articles && articles.length > 0) {
        return { ok: true, articles: newest(articles), datedBy: "feed", sourceUrl: feedUrl };
      }
    }
    const fromSitemaps = await readSitemaps(origin, rules, options);
    if (fromSitemaps && fromSitemaps.articles.length > 0) {
      return {
        ok: true,
        articles: newest(fromSitemaps.articles),
        datedBy: "sitemap",
        sourceUrl: fromSitemaps.url,
      };
    }
    return { ok: false, problem: rules.refusedAny ? ROBOTS_REFUSED_PROBLEM : NO_ARTICLES_PROBLEM };
  } catch (error) {
    if (error instanceof RobotsUnavailable) {
      return {
        ok: false,
        problem: `The website's robots.txt could not be read (${error.message}): we try again tomorrow.`,
      };
    }
    throw error;
  }
}

/** A feed's articles; undefined when the address is not a feed or could not be read (the next one is tried). */
async function fetchFeed(url: string, options: SafeFetchOptions): Promise<ListedArticle[] | undefined> {
  try {
    const response = await safeFetch(url, {
      ...options,
      accept: FEED_TYPES,
      maxBytes: ARTICLE_READ_LIMITS.feedBytes,
    });
    return readFeed(response.body.toString("utf8"), response.url);
  } catch (error) {
    if (error instanceof SafeFetchError) return undefined;
    throw error;
  }
}

/** The articles of the site's sitemaps: those robots.txt names, or /sitemap.xml; an index's article sitemaps first. */
async function readSitemaps(
  origin: string,
  rules: SiteRulesCache,
  options: SafeFetchOptions,
): Promise<{ url: string; articles: ListedArticle[] } | undefined> {
  const named = (await rules.of(origin)).sitemaps;
  const queue = named.length > 0 ? [...named] : [new URL("/sitemap.xml", origin).href];
  const articles: ListedArticle[] = [];
  let first: string | undefined;
  for (let fetched = 0; queue.length > 0 && fetched < ARTICLE_READ_LIMITS.sitemaps; ) {
    const url = queue.shift() as string;
    if (!(await rules.allows(url))) continue;
    fetched += 1;
    const xml = await fetchSitemap(url, options);
    const sitemap = xml === undefined ? undefined : readSitemap(xml, url);
    if (sitemap?.kind === "index") queue.unshift(...articleSitemapsFirst(sitemap.sitemaps).map((s) => s.url));
    if (sitemap?.kind === "pages" && sitemap.articles.length > 0) {
      first ??= url;
      articles.push(...sitemap.articles);
    }
  }
  return first ? { url: first, articles } : undefined;
}

async function fetchSitemap(url: string, options: SafeFetchOptions): Promise<string | undefined> {
  let body: Buffer;
  try {
    const response = await safeFetch(url, {
      ...options,
      accept: SITEMAP_TYPES,
      maxBytes: ARTICLE_READ_LIMITS.sitemapBytes,
    });
    body = response.body;
  } catch (error) {
    if (error instanceof SafeFetchError) return undefined; // not there or unreadable: the next one is tried
    throw error;
  }
  if (body[0] !== 0x1f || body[1] !== 0x8b) return body.toString("utf8");
  try {
    // A sitemap.xml.gz file (not a compressed response, which safeFetch inflates), inflated within the same limit.
    return gunzipSync(body, { maxOutputLength: ARTICLE_READ_LIMITS.sitemapBytes }).toString("utf8");
  } catch {
    return undefined; // corrupt, or larger than the limit once inflated
  }
}

/** The newest articles, one per URL (a sitemap may list a page twice). */
function newest(articles: ListedArticle[]): ListedArticle[] {
  const byUrl = new Map<string, ListedArticle>();
  for (const article of articles) {
    const kept = byUrl.get(article.url);
    if (!kept || kept.publishedAt < article.publishedAt) byUrl.set(article.url, article);
  }
  return [...byUrl.values()]
    .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime())
    .slice(0, ARTICLE_READ_LIMITS.articles);
}

/**
 * robots.txt read once per origin and read. The site's own robots.txt must be read (RobotsUnavailable ends the read);
 * a feed elsewhere whose robots.txt cannot be read is skipped.
 */
class SiteRulesCache {
  private readonly byOrigin = new Map<string, Promise<SiteRules>>();
  /** Whether robots.txt refused an address this read wanted: said when it then finds nothing. */
  refusedAny = false;
  constructor(
    private readonly home: string,
    private readonly options: SafeFetchOptions,
  ) {}

  of(origin: string): Promise<SiteRules> {
    let rules = this.byOrigin.get(origin);
    if (!rules) {
      rules = readSiteRules(origin, this.options);
      this.byOrigin.set(origin, rules);
    }
    return rules;
  }

  async allows(url: string): Promise<boolean> {
    const { origin } = new URL(url);
    try {
      const allowed = (await this.of(origin)).allows(url);
      if (!allowed) this.refusedAny = true;
      return allowed;
    } catch (error) {
      if (error instanceof RobotsUnavailable && origin !== this.home) return false;
      throw error;
    }
  }
}
