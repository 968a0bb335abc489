/**
 * A link of a page or feed as an absolute http(s) URL, or undefined: data: URLs can be megabytes and javascript:
 * is never a page; only links we could fetch are kept.
 */
export function absoluteHttpUrl(href: string | undefined, base: string): string | undefined {
  if (!href?.trim()) return undefined;
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}
