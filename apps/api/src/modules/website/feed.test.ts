import { describe, expect, it } from "vitest";
import { readFeed, titleFromUrl } from "./feed";
import { looksLikeArticle, readSitemap } from "./sitemap";

const FEED = "https://acme.example/feed/";

describe("readFeed", () => {
  it("reads an RSS 2.0 feed: links resolved against the feed, RFC 822 dates, items without a date left out", () => {
    const xml = `<?xml version="1.0"?><rss version="2.0"><channel><title>Acme</title>
      <item><title>Roasting &amp; resting</title><link>/blog/roasting</link><pubDate>Tue, 24 Nov 2026 08:30:00 +0100</pubDate></item>
      <item><title>Undated</title><link>https://acme.example/blog/undated</link></item>
      <item><title>By guid</title><guid>https://acme.example/blog/guid</guid><dc:date>2026-11-20T10:00:00Z</dc:date></item>
    </channel></rss>`;
    expect(readFeed(xml, FEED)).toEqual([
      {
        url: "https://acme.example/blog/roasting",
        title: "Roasting & resting",
        publishedAt: new Date("2026-11-24T07:30:00Z"),
      },
      {
        url: "https://acme.example/blog/guid",
        title: "By guid",
        publishedAt: new Date("2026-11-20T10:00:00Z"),
      },
    ]);
  });

  it("dates an Atom entry by its publication, not its last edit, and takes its alternate link", () => {
    const xml = `<feed xmlns="http://www.w3.org/2005/Atom"><title>Acme</title>
      <entry><title type="html">Harvest notes</title><link rel="replies" href="https://acme.example/c/1"/><link href="https://acme.example/blog/harvest"/>
      <published>2026-10-01T09:00:00Z</published><updated>2026-11-25T09:00:00Z</updated></entry>
      <entry><title>Only updated</title><link rel="alternate" href="https://acme.example/blog/only"/><updated>2026-11-02T09:00:00Z</updated></entry></feed>`;
    expect(readFeed(xml, FEED)).toEqual([
      {
        url: "https://acme.example/blog/harvest",
        title: "Harvest notes",
        publishedAt: new Date("2026-10-01T09:00:00Z"),
      },
      {
        url: "https://acme.example/blog/only",
        title: "Only updated",
        publishedAt: new Date("2026-11-02T09:00:00Z"),
      },
    ]);
  });

  it("reads an RSS 1.0 (RDF) feed and refuses what is not a feed", () => {
    const rdf = `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
      <channel><title>Acme</title></channel>
      <item><title>Old style</title><link>https://acme.example/news/old-style</link><dc:date>2026-09-09</dc:date></item></rdf:RDF>`;
    expect(readFeed(rdf, FEED)).toEqual([
      {
        url: "https://acme.example/news/old-style",
        title: "Old style",
        publishedAt: new Date("2026-09-09T00:00:00Z"),
      },
    ]);
    expect(readFeed("<html><body>Not here</body></html>", FEED)).toBeUndefined();
    expect(readFeed("not xml at all", FEED)).toBeUndefined();
  });

  it("keeps only http(s) links", () => {
    const xml = `<rss><channel><item><title>x</title><link>javascript:alert(1)</link><pubDate>Tue, 24 Nov 2026 08:30:00 GMT</pubDate></item></channel></rss>`;
    expect(readFeed(xml, FEED)).toEqual([]);
  });
});

describe("readSitemap", () => {
  it("lists an index's sitemaps", () => {
    const xml = `<sitemapindex><sitemap><loc>https://acme.example/post-sitemap.xml</loc><lastmod>2026-11-20</lastmod></sitemap>
      <sitemap><loc>/page-sitemap.xml</loc></sitemap></sitemapindex>`;
    expect(readSitemap(xml, "https://acme.example/sitemap.xml")).toEqual({
      kind: "index",
      sitemaps: [
        { url: "https://acme.example/post-sitemap.xml", lastModified: new Date("2026-11-20T00:00:00Z") },
        { url: "https://acme.example/page-sitemap.xml", lastModified: undefined },
      ],
    });
  });

  it("counts as articles only dated pages under an article section or a year, and Google News entries", () => {
    const xml = `<urlset xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
      <url><loc>https://acme.example/</loc><lastmod>2026-11-20</lastmod></url>
      <url><loc>https://acme.example/blog/</loc><lastmod>2026-11-20</lastmod></url>
      <url><loc>https://acme.example/blog/cold-brew-guide</loc><lastmod>2026-11-19</lastmod></url>
      <url><loc>https://acme.example/blog/undated</loc></url>
      <url><loc>https://acme.example/2026/10/harvest/</loc><lastmod>2026-10-03T10:00:00+00:00</lastmod></url>
      <url><loc>https://acme.example/shop/beans</loc><lastmod>2026-11-20</lastmod></url>
      <url><loc>https://acme.example/press-release-x</loc><news:news><news:title>We opened a roastery</news:title><news:publication_date>2026-11-01T08:00:00Z</news:publication_date></news:news></url>
    </urlset>`;
    expect(readSitemap(xml, "https://acme.example/sitemap.xml")).toEqual({
      kind: "pages",
      articles: [
        {
          url: "https://acme.example/blog/cold-brew-guide",
          title: "Cold brew guide",
          publishedAt: new Date("2026-11-19T00:00:00Z"),
        },
        {
          url: "https://acme.example/2026/10/harvest/",
          title: "Harvest",
          publishedAt: new Date("2026-10-03T10:00:00Z"),
        },
        {
          url: "https://acme.example/press-release-x",
          title: "We opened a roastery",
          publishedAt: new Date("2026-11-01T08:00:00Z"),
        },
      ],
    });
    expect(readSitemap("<rss/>", "https://acme.example/sitemap.xml")).toBeUndefined();
  });

  it("tells article paths from others", () => {
    expect(looksLikeArticle("https://acme.example/news/2026/launch")).toBe(true);
    expect(looksLikeArticle("https://acme.example/en/journal/a-visit")).toBe(true);
    expect(looksLikeArticle("https://acme.example/news/")).toBe(false);
    expect(looksLikeArticle("https://acme.example/about-us")).toBe(false);
    expect(titleFromUrl("https://acme.example/blog/caf%C3%A9-au-lait.html")).toBe("Café au lait");
    expect(titleFromUrl("https://acme.example/blog/%E0%A4%A")).toBe("%E0%A4%A");
  });
});
