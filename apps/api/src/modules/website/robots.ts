import robotsParser from "robots-parser";
import { SafeFetchError, type SafeFetchOptions, safeFetch } from "../../lib/safe-fetch";

/** The product token site owners name in robots.txt to allow or refuse us (the User-Agent's first word). */
export const ROBOTS_AGENT = "BrandscopeBot";

export interface SiteRules {
  allows(url: string): boolean;
  /** The sitemaps robots.txt names. */
  sitemaps: string[];
}

/** robots.txt could not be read for a reason that says nothing about what it allows: ask again later. */
export class RobotsUnavailable extends Error {
  override name = "RobotsUnavailable";
}

/**
 * The rules of one origin's robots.txt, as Google reads them (RFC 9309): a missing file (any 4xx) allows
 * everything; a server error or an unreachable site allows nothing for now, since the owner's rules are unknown.
 */
export async function readSiteRules(origin: string, options: SafeFetchOptions): Promise<SiteRules> {
  const robotsUrl = new URL("/robots.txt", origin).href;
  let text = "";
  try {
    // Some servers send robots.txt as HTML or without a type; its text is what counts.
    const response = await safeFetch(robotsUrl, {
      ...options,
      accept: ["text/*", "application/octet-stream"],
      maxBytes: 512 * 1024,
    });
    text = response.body.toString("utf8");
  } catch (error) {
    const missing =
      error instanceof SafeFetchError && error.code === "HTTP_ERROR" && /HTTP 4\d\d/.test(error.message);
    const notText = error instanceof SafeFetchError && error.code === "UNSUPPORTED_CONTENT";
    if (!missing && !notText) {
      const reason = error instanceof SafeFetchError ? error.reason : "robots.txt could not be read";
      throw new RobotsUnavailable(reason, { cause: error });
    }
  }
  const robots = robotsParser(robotsUrl, text);
  return {
    allows: (url) => robots.isAllowed(url, ROBOTS_AGENT) !== false,
    sitemaps: robots.getSitemaps(),
  };
}
