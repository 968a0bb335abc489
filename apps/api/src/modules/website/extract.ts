import { Parser } from "htmlparser2";
import { absoluteHttpUrl } from "./absolute-url";
import { pickSocialProfiles, type SocialPlatform, type SocialProfile, toSocialProfile } from "./social-links";

export interface WebsiteFacts {
  title: string | undefined;
  description: string | undefined;
  /** Absolute http(s) URL of the best logo candidate; not fetched or checked here. */
  logoUrl: string | undefined;
  canonicalUrl: string | undefined;
  socialLinks: Partial<Record<SocialPlatform, string>>;
  /** The RSS or Atom feeds the page declares (`<link rel="alternate">`), absolute, in page order. */
  feedUrls: string[];
}

const FEED_TYPES = new Set(["application/rss+xml", "application/atom+xml", "application/rdf+xml"]);

interface IconLink {
  href: string;
  kind: "apple-touch-icon" | "icon";
  size: number;
}

/**
 * Reads what a brand's home page says about itself. `pageUrl` is the URL after redirects: relative links
 * resolve against it (or against the page's <base href>).
 */
export function extractWebsiteFacts(html: string, pageUrl: string): WebsiteFacts {
  const meta = new Map<string, string>();
  const icons: IconLink[] = [];
  const anchors: string[] = [];
  const feeds: string[] = [];
  let canonical: string | undefined;
  let base = pageUrl;
  let title = "";
  let inTitle = false;
  let titleDone = false;
  let inSvg = 0;

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === "svg") inSvg += 1; // an inline SVG's <title> is an icon label, not the page's
        if (name === "title" && !titleDone && inSvg === 0) inTitle = true;
        if (name === "base" && attrs.href && base === pageUrl)
          base = absoluteHttpUrl(attrs.href, pageUrl) ?? pageUrl;
        if (name === "meta") {
          const key = (attrs.property ?? attrs.name ?? "").trim().toLowerCase();
          // First one wins, as crawlers such as Facebook's do.
          if (key && attrs.content !== undefined && !meta.has(key)) meta.set(key, attrs.content);
        }
        if (name === "link" && attrs.href) {
          const rels = (attrs.rel ?? "").toLowerCase().split(/\s+/);
          if (rels.includes("canonical")) canonical ??= attrs.href;
          const kind = rels.some((r) => r.startsWith("apple-touch-icon"))
            ? "apple-touch-icon"
            : rels.includes("icon")
              ? "icon"
              : undefined;
          const type = (attrs.type ?? "").toLowerCase();
          if (rels.includes("alternate") && FEED_TYPES.has(type)) feeds.push(attrs.href);
          if (kind) icons.push({ href: attrs.href, kind, size: iconSize(attrs.sizes, attrs.type) });
        }
        if (name === "a" && attrs.href) anchors.push(attrs.href);
      },
      ontext(text) {
        if (inTitle) title += text;
      },
      onclosetag(name) {
        if (name === "svg") inSvg = Math.max(0, inSvg - 1);
        if (name === "title" && inTitle) {
          inTitle = false;
          titleDone = true;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();

  const social: SocialProfile[] = [];
  for (const href of anchors) {
    const profile = toSocialProfile(href, base);
    if (profile) social.push(profile);
  }
  // `twitter:site` names the brand's account even when the page has no link to it.
  const twitterSite = /^@?(\w{1,15})$/.exec(meta.get("twitter:site")?.trim() ?? "")?.[1];
  if (twitterSite && !social.some((p) => p.platform === "twitter")) {
    social.push({ platform: "twitter", url: `https://x.com/${twitterSite.toLowerCase()}` });
  }

  return {
    title: clean(meta.get("og:title")) ?? clean(title),
    description: clean(meta.get("description")) ?? clean(meta.get("og:description")),
    logoUrl: pickLogo(icons, base) ?? absoluteHttpUrl(meta.get("og:image"), base),
    canonicalUrl: absoluteHttpUrl(canonical, base) ?? absoluteHttpUrl(meta.get("og:url"), base),
    socialLinks: pickSocialProfiles(social),
    feedUrls: [...new Set(feeds.flatMap((href) => absoluteHttpUrl(href, base) ?? []))],
  };
}

/** Apple touch icons first (made to be shown large), then other icons; the biggest of each kind wins. */
function pickLogo(icons: IconLink[], base: string): string | undefined {
  for (const kind of ["apple-touch-icon", "icon"] as const) {
    const ranked = icons
      .map((icon, order) => ({ ...icon, order, url: absoluteHttpUrl(icon.href, base) }))
      .filter((icon) => icon.kind === kind && icon.url)
      .sort((a, b) => b.size - a.size || a.order - b.order);
    if (ranked[0]?.url) return ranked[0].url;
  }
  return undefined;
}

/** "32x32 192x192" → 192; "any" or an SVG scales to anything; unknown sizes rank lowest. */
function iconSize(sizes: string | undefined, type: string | undefined): number {
  if (sizes?.toLowerCase().includes("any") || type === "image/svg+xml") return 10_000;
  const widths = [...(sizes ?? "").matchAll(/(\d+)x\d+/gi)].map((m) => Number(m[1]));
  return widths.length > 0 ? Math.max(...widths) : 0;
}

function clean(text: string | undefined): string | undefined {
  const collapsed = text?.replace(/\s+/g, " ").trim();
  return collapsed ? collapsed : undefined;
}
