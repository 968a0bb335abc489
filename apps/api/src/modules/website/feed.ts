import { DomUtils, ElementType, parseDocument } from "htmlparser2";
import { absoluteHttpUrl } from "./absolute-url";

/** An XML element, as htmlparser2 gives it (its type lives in domhandler, a dependency of htmlparser2's). */
export type Element = ReturnType<typeof DomUtils.getElementsByTagName>[number];
type Node = Element["children"][number];

export const isElement = (node: Node): node is Element => ElementType.isTag(node);

/** An article a website lists, as read from its feed or sitemap. */
export interface ListedArticle {
  url: string;
  title: string;
  publishedAt: Date;
}

/** An element's direct children named `name` (an XML name, prefix included), in document order. */
export function childrenNamed(parent: Element, name: string): Element[] {
  return parent.children.filter((c): c is Element => isElement(c) && c.name.toLowerCase() === name);
}

export function childText(parent: Element, ...names: string[]): string | undefined {
  for (const name of names) {
    const found = childrenNamed(parent, name)[0];
    const text = found ? DomUtils.textContent(found).trim() : "";
    if (text) return text;
  }
  return undefined;
}

/** A date as feeds and sitemaps write it (RFC 822 or ISO 8601); undefined when it is not one. */
export function parseListedDate(text: string | undefined): Date | undefined {
  if (!text) return undefined;
  const time = Date.parse(text);
  return Number.isFinite(time) ? new Date(time) : undefined;
}

/**
 * The articles of an RSS 2.0, RSS 1.0 (RDF) or Atom feed. Atom's `published` is preferred to `updated` (an edit
 * is not a new article), which is why this does not use htmlparser2's parseFeed. Items without a link or a date
 * are left out: the content module counts articles by day. Undefined when the document is not a feed.
 */
export function readFeed(xml: string, feedUrl: string): ListedArticle[] | undefined {
  const document = parseDocument(xml, { xmlMode: true, decodeEntities: true });
  const root = document.children.find(isElement);
  const rootName = root?.name.toLowerCase();
  if (!root || !rootName || !["rss", "feed", "rdf:rdf"].includes(rootName)) return undefined;
  const atom = rootName === "feed";
  const entries = DomUtils.getElementsByTagName(atom ? "entry" : "item", root, true);
  const articles: ListedArticle[] = [];
  for (const entry of entries) {
    const url = absoluteHttpUrl(atom ? atomLink(entry) : childText(entry, "link", "guid"), feedUrl);
    const publishedAt = parseListedDate(
      atom
        ? childText(entry, "published", "updated")
        : childText(entry, "pubdate", "dc:date", "published", "updated"),
    );
    if (!url || !publishedAt) continue;
    articles.push({ url, title: childText(entry, "title") ?? titleFromUrl(url), publishedAt });
  }
  return articles;
}

function atomLink(entry: Element): string | undefined {
  const links = childrenNamed(entry, "link");
  const alternate = links.find((l) => (l.attribs.rel ?? "alternate") === "alternate") ?? links[0];
  return alternate?.attribs.href;
}

/** "https://acme.com/blog/how-we-roast-beans/" → "How we roast beans": for sitemap entries, which have no title. */
export function titleFromUrl(url: string): string {
  const { pathname, hostname } = new URL(url);
  const slug = pathname.split("/").filter(Boolean).at(-1);
  if (!slug) return hostname;
  const words = safeDecode(slug)
    .replace(/\.[a-z0-9]{2,5}$/i, "")
    .replace(/[-_+]+/g, " ")
    .trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : hostname;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text; // a malformed escape: shown as written
  }
}
