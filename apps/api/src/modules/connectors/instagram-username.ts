/**
 * The Instagram username of a brand's Instagram link (`https://www.instagram.com/lumoracoffee/`, `instagram.com/x`,
 * `@x` or `x`), or null when the link names no account (a post, a reel, an explore page). Pure.
 */
const USERNAME = /^(?!.*\.\.)(?!\.)[A-Za-z0-9._]{1,30}$/;
const NOT_ACCOUNTS = new Set(["p", "reel", "reels", "tv", "explore", "stories", "accounts", "direct"]);

export function instagramUsername(link: string): string | null {
  const text = link.trim();
  const bare = text.replace(/^@/, "");
  if (USERNAME.test(bare) && !bare.includes("/")) return bare.toLowerCase();
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (!/(^|\.)instagram\.com$/i.test(url.hostname)) return null;
  const first = url.pathname.split("/").filter(Boolean)[0] ?? "";
  if (!USERNAME.test(first) || NOT_ACCOUNTS.has(first.toLowerCase())) return null;
  return first.toLowerCase();
}
