import {
  SafeFetchError,
  type SafeFetchErrorCode,
  type SafeFetchOptions,
  safeFetch,
} from "../../lib/safe-fetch";
import { decodeHtml } from "./decode-html";
import { extractWebsiteFacts, type WebsiteFacts } from "./extract";

export type WebsiteCollection =
  | ({ ok: true; requestedUrl: string; finalUrl: string; fetchedAt: Date } & WebsiteFacts)
  | {
      ok: false;
      requestedUrl: string;
      code: SafeFetchErrorCode;
      /** Shown to the marketer as the brand's status. */
      reason: string;
      /** For logs, never for the user: it can name internal addresses. */
      detail: string;
      retryable: boolean;
    };

/** "acme.com" as marketers type it → "https://acme.com/"; anything with a scheme is kept as typed. */
export function toWebsiteUrl(input: string): string {
  const trimmed = input.trim();
  return /^[a-z][a-z\d+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/**
 * Fetches a brand's home page and reads its title, description, logo, canonical URL and social profiles.
 * A refusal or failure of the website comes back as a result with a reason; programming errors throw.
 */
export async function collectWebsite(
  website: string,
  options: SafeFetchOptions & { now?: () => Date } = {},
): Promise<WebsiteCollection> {
  const requestedUrl = toWebsiteUrl(website);
  try {
    const page = await safeFetch(requestedUrl, options);
    const html = decodeHtml(page.body, page.charset);
    return {
      ok: true,
      requestedUrl,
      finalUrl: page.url,
      fetchedAt: options.now?.() ?? new Date(),
      ...extractWebsiteFacts(html, page.url),
    };
  } catch (error) {
    if (!(error instanceof SafeFetchError)) throw error;
    return {
      ok: false,
      requestedUrl,
      code: error.code,
      reason: error.reason,
      detail: error.message,
      retryable: error.retryable,
    };
  }
}
