import type { ConnectorProperty } from "../../db/schema";

/**
 * Which Search Console property is the brand's website, and which days a read covers. Pure.
 *
 * A property is either a domain property, `sc-domain:example.com` (every protocol and subdomain), or a URL-prefix
 * property, `https://www.example.com/`. The brand's website matches a domain property of its host without `www.`,
 * else a URL-prefix property of the same host (with or without `www.`), https before http and the root before a
 * path. A domain property is preferred: it holds the site's whole search demand.
 */
export function hostOf(website: string): string | null {
  try {
    return new URL(website).hostname.toLowerCase().replace(/^www\./, "") || null;
  } catch {
    return null;
  }
}

export function matchingProperty(website: string, properties: ConnectorProperty[]): string | null {
  const host = hostOf(website);
  if (!host) return null;
  const domain = properties.find((p) => p.siteUrl.toLowerCase() === `sc-domain:${host}`);
  if (domain) return domain.siteUrl;
  const prefixes = properties.flatMap((p) => {
    if (p.siteUrl.startsWith("sc-domain:")) return [];
    try {
      const url = new URL(p.siteUrl);
      if (url.hostname.toLowerCase().replace(/^www\./, "") !== host) return [];
      const rank = (url.protocol === "https:" ? 0 : 2) + (url.pathname === "/" ? 0 : 1);
      return [{ siteUrl: p.siteUrl, rank }];
    } catch {
      return [];
    }
  });
  return prefixes.sort((a, b) => a.rank - b.rank)[0]?.siteUrl ?? null;
}

/** Search Console's data is final about two to three days after the fact. */
export const DATA_LAG_DAYS = 3;
/** The read covers the last 28 complete days, as Search Console's own default report. */
export const WINDOW_DAYS = 28;

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The first and last day (YYYY-MM-DD, in UTC) a read at `now` asks for. */
export function readWindow(now: Date): { startDate: string; endDate: string } {
  const end = new Date(now);
  end.setUTCDate(end.getUTCDate() - DATA_LAG_DAYS);
  const start = new Date(end);
  start.setUTCDate(start.getUTCDate() - (WINDOW_DAYS - 1));
  return { startDate: dayOf(start), endDate: dayOf(end) };
}
