import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  articlesEvery,
  atomFeed,
  type FakeWebsite,
  homePage,
  robotsTxt,
  rssFeed,
  sitemapIndex,
  startFakeWebsite,
  urlSitemap,
} from "../../../test/fake-website";
import {
  ARTICLE_READ_LIMITS,
  NO_ARTICLES_PROBLEM,
  ROBOTS_REFUSED_PROBLEM,
  readWebsiteArticles,
} from "./read-articles";

const NOW = new Date("2026-11-25T12:00:00Z");
let site: FakeWebsite;

beforeAll(async () => {
  site = await startFakeWebsite();
});
afterAll(() => site.close());
beforeEach(() => {
  site.pages.clear();
  site.requested.length = 0;
});

const read = (feedUrls: string[] = []) =>
  readWebsiteArticles({ url: `${site.origin}/`, feedUrls }, site.fetch);

describe("readWebsiteArticles", () => {
  it("reads the feed the home page declares, newest first", async () => {
    const articles = articlesEvery(3, 2, NOW, `${site.origin}/blog/post`);
    site.pages.set("/robots.txt", robotsTxt("User-agent: *\nDisallow: /admin/\n"));
    site.pages.set("/news.xml", rssFeed("Acme", articles));
    const result = await read([`${site.origin}/news.xml`]);
    expect(result).toEqual({
      ok: true,
      datedBy: "feed",
      sourceUrl: `${site.origin}/news.xml`,
      articles: articles.map((a) => ({
        url: a.path,
        title: a.title,
        publishedAt: new Date(Math.floor(a.publishedAt.getTime() / 1000) * 1000),
      })),
    });
    expect(site.requested).toEqual(["/robots.txt", "/news.xml"]);
  });

  it("tries the usual feed addresses when the page declares none", async () => {
    site.pages.set(
      "/rss.xml",
      atomFeed("Acme", articlesEvery(2, 1, NOW, `${site.origin}/journal/entry`), NOW),
    );
    const result = await read();
    expect(result).toMatchObject({ ok: true, datedBy: "feed", sourceUrl: `${site.origin}/rss.xml` });
    // robots.txt is missing (404): everything is allowed.
    expect(site.requested).toEqual(["/robots.txt", "/feed", "/rss.xml"]);
  });

  it("respects robots.txt: a refused feed is not fetched, and the sitemaps robots.txt names are read instead", async () => {
    site.pages.set(
      "/robots.txt",
      robotsTxt(
        `User-agent: *\nAllow: /\n\nUser-agent: BrandscopeBot\nDisallow: /feed\nDisallow: /rss.xml\n\nSitemap: ${site.origin}/sitemap_index.xml\n`,
      ),
    );
    site.pages.set("/feed", rssFeed("Acme", articlesEvery(2, 1, NOW, `${site.origin}/blog/p`)));
    site.pages.set(
      "/sitemap_index.xml",
      sitemapIndex([`${site.origin}/page-sitemap.xml`, `${site.origin}/post-sitemap.xml`]),
    );
    site.pages.set(
      "/post-sitemap.xml",
      urlSitemap([
        { path: `${site.origin}/blog/`, lastmod: NOW },
        { path: `${site.origin}/blog/first-harvest`, lastmod: new Date("2026-11-10T00:00:00Z") },
        { path: `${site.origin}/blog/cold-brew`, lastmod: new Date("2026-11-20T00:00:00Z") },
      ]),
    );
    site.pages.set("/page-sitemap.xml", urlSitemap([{ path: `${site.origin}/about`, lastmod: NOW }]));
    const result = await read([`${site.origin}/feed`]);
    expect(result).toEqual({
      ok: true,
      datedBy: "sitemap",
      sourceUrl: `${site.origin}/post-sitemap.xml`,
      articles: [
        {
          url: `${site.origin}/blog/cold-brew`,
          title: "Cold brew",
          publishedAt: new Date("2026-11-20T00:00:00Z"),
        },
        {
          url: `${site.origin}/blog/first-harvest`,
          title: "First harvest",
          publishedAt: new Date("2026-11-10T00:00:00Z"),
        },
      ],
    });
    expect(site.requested).not.toContain("/feed");
    expect(site.requested).not.toContain("/rss.xml");
    // The article sitemap is read before the pages' one.
    expect(site.requested.indexOf("/post-sitemap.xml")).toBeLessThan(
      site.requested.indexOf("/page-sitemap.xml"),
    );
  });

  it("says so when robots.txt refuses every feed and sitemap", async () => {
    site.pages.set("/robots.txt", robotsTxt("User-agent: BrandscopeBot\nDisallow: /\n"));
    site.pages.set("/feed", rssFeed("Acme", articlesEvery(2, 1, NOW, `${site.origin}/blog/p`)));
    site.pages.set("/sitemap.xml", urlSitemap([{ path: `${site.origin}/blog/a`, lastmod: NOW }]));
    expect(await read()).toEqual({ ok: false, problem: ROBOTS_REFUSED_PROBLEM });
    expect(site.requested).toEqual(["/robots.txt"]);
  });

  it("reads nothing while robots.txt cannot be read, and says so", async () => {
    site.pages.set("/robots.txt", { status: 503, body: "busy" });
    site.pages.set("/feed", rssFeed("Acme", articlesEvery(2, 1, NOW, `${site.origin}/blog/p`)));
    const result = await read();
    expect(result).toEqual({
      ok: false,
      problem: expect.stringMatching(/robots\.txt could not be read.*HTTP 503.*try again tomorrow/),
    });
    expect(site.requested).toEqual(["/robots.txt"]);
  });

  it("says why when a site has neither a feed nor dated articles in its sitemap", async () => {
    site.pages.set("/", homePage("Acme"));
    site.pages.set("/feed", homePage("Not a feed"));
    site.pages.set("/sitemap.xml", urlSitemap([{ path: `${site.origin}/shop/beans`, lastmod: NOW }]));
    expect(await read()).toEqual({ ok: false, problem: NO_ARTICLES_PROBLEM });
  });

  it("inflates a compressed sitemap, but not past the limit", async () => {
    const sitemap = urlSitemap([
      { path: `${site.origin}/news/opening`, lastmod: new Date("2026-11-01T00:00:00Z") },
    ]);
    site.pages.set(
      "/sitemap.xml",
      sitemapIndex([`${site.origin}/bomb.xml.gz`, `${site.origin}/news.xml.gz`]),
    );
    site.pages.set("/news.xml.gz", { type: "application/gzip", body: gzipSync(sitemap.body) });
    // 10 MB of zeros and more compress to a few kilobytes: refused once inflated past the limit, the next one is read.
    const bomb = gzipSync(Buffer.alloc(ARTICLE_READ_LIMITS.sitemapBytes + 1024));
    site.pages.set("/bomb.xml.gz", { type: "application/gzip", body: bomb });
    expect(await read()).toMatchObject({
      ok: true,
      datedBy: "sitemap",
      sourceUrl: `${site.origin}/news.xml.gz`,
      articles: [{ url: `${site.origin}/news/opening` }],
    });
  });

  it("keeps the newest articles of a huge feed, and fetches a bounded number of sitemaps", async () => {
    site.pages.set(
      "/feed",
      rssFeed("Acme", articlesEvery(ARTICLE_READ_LIMITS.articles + 50, 0.25, NOW, `${site.origin}/blog/p`)),
    );
    const result = await read();
    expect(result.ok && result.articles.length).toBe(ARTICLE_READ_LIMITS.articles);
    expect(result.ok && result.articles[0]?.title).toBe(`Post ${ARTICLE_READ_LIMITS.articles + 50}`);

    site.pages.clear();
    site.requested.length = 0;
    const many = Array.from({ length: 20 }, (_, i) => `${site.origin}/sitemap-${i}.xml`);
    site.pages.set("/sitemap.xml", sitemapIndex(many));
    for (const url of many) site.pages.set(new URL(url).pathname, sitemapIndex(many));
    expect(await read()).toEqual({ ok: false, problem: NO_ARTICLES_PROBLEM });
    expect(site.requested.filter((p) => p.startsWith("/sitemap"))).toHaveLength(ARTICLE_READ_LIMITS.sitemaps);
  });

  it("skips a declared feed at a private address (never dialled) and reads the site's own", async () => {
    site.pages.set("/feed", rssFeed("Acme", articlesEvery(2, 1, NOW, `${site.origin}/blog/p`)));
    const result = await readWebsiteArticles(
      { url: `${site.origin}/`, feedUrls: ["http://10.1.2.3/feed"] },
      site.fetch,
    );
    expect(result).toMatchObject({ ok: true, sourceUrl: `${site.origin}/feed` });
  });
});
