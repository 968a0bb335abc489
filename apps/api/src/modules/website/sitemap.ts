import { parseDocument } from "htmlparser2";
import { absoluteHttpUrl } from "./absolute-url";
import {
  childrenNamed,
  childText,
  isElement,
  type ListedArticle,
  parseListedDate,
  titleFromUrl,
} from "./feed";

export type Sitemap =
  /** A sitemap index: the sitemaps it lists, with their last change where given. */
  | { kind: "index"; sitemaps: { url: string; lastModified: Date | undefined }[] }
  /** A list of pages: those that look like articles and have a date. */
  | { kind: "pages"; articles: ListedArticle[] };

/**
 * Path segments under which sites publish articles. A sitemap lists every page (products, categories, legal);
 * only pages under one of these, or under a date (/2026/11/…), or with a Google News date count as articles.
 */
const ARTICLE_SECTIONS = new Set([
  "blog",
  "blogs",
  "news",
  "article",
  "articles",
  "post",
  "posts",
  "journal",
  "stories",
  "story",
  "insights",
  "magazine",
  "press",
  "actualites",
  "aktuelles",
  "noticias",
]);

/** Whether a page's path is an article: below an article section or a year, not the section's own page. */
export function looksLikeArticle(url: string): boolean {
  const segments = new URL(url).pathname.split("/").filter(Boolean);
  const section = segments.findIndex((s) => ARTICLE_SECTIONS.has(s.toLowerCase()) || /^(19|20)\d\d$/.test(s));
  return section >= 0 && section < segments.length - 1;
}

/** Reads a sitemap (sitemaps.org 0.9, with Google's news extension); undefined when the document is not one. */
export function readSitemap(xml: string, sitemapUrl: string): Sitemap | undefined {
  const document = parseDocument(xml, { xmlMode: true, decodeEntities: true });
  const root = document.children.find(isElement);
  const rootName = root?.name.toLowerCase();
  if (!root || (rootName !== "sitemapindex" && rootName !== "urlset")) return undefined;
  if (rootName === "sitemapindex") {
    const sitemaps = childrenNamed(root, "sitemap").flatMap((entry) => {
      const url = absoluteHttpUrl(childText(entry, "loc"), sitemapUrl);
      return url ? [{ url, lastModified: parseListedDate(childText(entry, "lastmod")) }] : [];
    });
    return { kind: "index", sitemaps };
  }
  const articles = childrenNamed(root, "url").flatMap((entry): ListedArticle[] => {
    const url = absoluteHttpUrl(childText(entry, "loc"), sitemapUrl);
    if (!url) return [];
    const news = childrenNamed(entry, "news:news")[0];
    const newsDate = news ? parseListedDate(childText(news, "news:publication_date")) : undefined;
    if (newsDate)
      return [
        { url, title: (news && childText(news, "news:title")) ?? titleFromUrl(url), publishedAt: newsDate },
      ];
    const lastModified = parseListedDate(childText(entry, "lastmod"));
    return lastModified && looksLikeArticle(url)
      ? [{ url, title: titleFromUrl(url), publishedAt: lastModified }]
      : [];
  });
  return { kind: "pages", articles };
}

/** The sitemaps of an index worth reading for articles: named like articles first, then the most recently changed. */
export function articleSitemapsFirst(sitemaps: { url: string; lastModified: Date | undefined }[]) {
  const named = (url: string) =>
    /(post|blog|news|article|journal|stor)/i.test(new URL(url).pathname) ? 0 : 1;
  return [...sitemaps].sort(
    (a, b) =>
      named(a.url) - named(b.url) || (b.lastModified?.getTime() ?? 0) - (a.lastModified?.getTime() ?? 0),
  );
}
