import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakePage {
  status?: number;
  type?: string;
  body: string | Buffer;
}

/**
 * A company's website on 127.0.0.1 for the website reads' tests: pages by path (a test sets and changes them),
 * 404 for the rest, and the paths requested, in order.
 */
export interface FakeWebsite {
  origin: string;
  /** What the SSRF-safe fetch needs to be allowed to reach it. */
  fetch: { allowPrivate: string[]; allowPorts: number[] };
  env: { WEBSITE_FETCH_ALLOW_PRIVATE: string; WEBSITE_FETCH_ALLOW_PORTS: string };
  pages: Map<string, FakePage>;
  requested: string[];
  close(): Promise<void>;
}

export async function startFakeWebsite(pages: Record<string, FakePage> = {}): Promise<FakeWebsite> {
  const site: Omit<FakeWebsite, "origin" | "fetch" | "env" | "close"> = {
    pages: new Map(Object.entries(pages)),
    requested: [],
  };
  const server = createServer((request, response) => {
    const path = request.url ?? "/";
    site.requested.push(path);
    const page = site.pages.get(path);
    if (!page) {
      response.writeHead(404, { "content-type": "text/plain" }).end("Not found");
      return;
    }
    response
      .writeHead(page.status ?? 200, { "content-type": page.type ?? "text/html; charset=utf-8" })
      .end(page.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...site,
    origin: `http://127.0.0.1:${port}`,
    fetch: { allowPrivate: ["127.0.0.1"], allowPorts: [port] },
    env: { WEBSITE_FETCH_ALLOW_PRIVATE: "127.0.0.1", WEBSITE_FETCH_ALLOW_PORTS: String(port) },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface FakeArticle {
  title: string;
  path: string;
  publishedAt: Date;
}

/** A home page that declares its feed, as WordPress and most site builders write it. */
export function homePage(title: string, feedPath?: string): FakePage {
  const link = feedPath
    ? `<link rel="alternate" type="application/rss+xml" title="${title} feed" href="${feedPath}">`
    : "";
  return {
    body: `<!doctype html><html><head><title>${title}</title>${link}</head><body><h1>${title}</h1></body></html>`,
  };
}

/** An RSS 2.0 feed, dates in RFC 822 as the format requires. */
export function rssFeed(title: string, articles: readonly FakeArticle[]): FakePage {
  const items = articles
    .map(
      (a) =>
        `<item><title>${escapeXml(a.title)}</title><link>${a.path}</link><guid isPermaLink="false">${a.path}</guid><pubDate>${a.publishedAt.toUTCString()}</pubDate><description>&lt;p&gt;Read more&lt;/p&gt;</description></item>`,
    )
    .join("\n");
  return {
    type: "application/rss+xml; charset=utf-8",
    body: `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>${escapeXml(title)}</title><link>/</link>\n${items}\n</channel></rss>`,
  };
}

/** An Atom feed whose entries were edited after publication (`updated` later than `published`). */
export function atomFeed(title: string, articles: readonly FakeArticle[], updated: Date): FakePage {
  const entries = articles
    .map(
      (a) =>
        `<entry><title>${escapeXml(a.title)}</title><link rel="alternate" href="${a.path}"/><link rel="replies" href="${a.path}#comments"/><id>${a.path}</id><published>${a.publishedAt.toISOString()}</published><updated>${updated.toISOString()}</updated></entry>`,
    )
    .join("\n");
  return {
    type: "application/atom+xml",
    body: `<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><title>${escapeXml(title)}</title><updated>${updated.toISOString()}</updated>\n${entries}\n</feed>`,
  };
}

export function sitemapIndex(paths: readonly string[]): FakePage {
  const entries = paths.map((p) => `<sitemap><loc>${p}</loc></sitemap>`).join("");
  return {
    type: "application/xml",
    body: `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries}</sitemapindex>`,
  };
}

export function urlSitemap(urls: readonly { path: string; lastmod?: Date }[]): FakePage {
  const entries = urls
    .map(
      (u) =>
        `<url><loc>${u.path}</loc>${u.lastmod ? `<lastmod>${u.lastmod.toISOString().slice(0, 10)}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return {
    type: "application/xml",
    body: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</urlset>`,
  };
}

export const robotsTxt = (text: string): FakePage => ({ type: "text/plain", body: text });

/** Articles published every `everyDays` days back from `last`, newest first. */
export function articlesEvery(
  count: number,
  everyDays: number,
  last: Date,
  prefix = "/blog/post",
): FakeArticle[] {
  return Array.from({ length: count }, (_, i) => ({
    title: `Post ${count - i}`,
    path: `${prefix}-${count - i}`,
    publishedAt: new Date(last.getTime() - i * everyDays * 86_400_000),
  }));
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
