/**
 * Recognises a brand's own social profiles among a page's links and normalises them to one URL per
 * profile, so the same account linked as `instagram.com/Acme/` and `https://www.instagram.com/acme?hl=en`
 * counts once. Share buttons, intents, posts and videos are not profiles and are ignored.
 */
export const socialPlatforms = ["facebook", "instagram", "tiktok", "linkedin", "youtube", "twitter"] as const;
export type SocialPlatform = (typeof socialPlatforms)[number];

export interface SocialProfile {
  platform: SocialPlatform;
  url: string;
}

// First path segments that are site features rather than account names.
const facebookReserved = new Set([
  "sharer",
  "sharer.php",
  "share",
  "share.php",
  "dialog",
  "plugins",
  "tr",
  "login",
  "login.php",
  "groups",
  "events",
  "watch",
  "photo",
  "photo.php",
  "story.php",
  "permalink.php",
  "hashtag",
  "help",
  "policies",
  "privacy",
  "legal",
  "home.php",
  "marketplace",
  "gaming",
  "reel",
  "media",
  "search",
  "ads",
  "business",
]);
const instagramReserved = new Set([
  "p",
  "reel",
  "reels",
  "explore",
  "stories",
  "accounts",
  "tv",
  "direct",
  "about",
  "legal",
  "developer",
]);
const twitterReserved = new Set([
  "intent",
  "share",
  "home",
  "search",
  "hashtag",
  "i",
  "login",
  "signup",
  "tos",
  "privacy",
  "explore",
  "settings",
  "messages",
  "notifications",
  "compose",
]);

function hostOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/^(www|m|mobile|web)\./, "");
}

export function toSocialProfile(href: string, base: string): SocialProfile | undefined {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  const host = hostOf(url);
  const segments = url.pathname.split("/").filter(Boolean).map(decodeSegment);
  const [first = "", second = ""] = segments;
  const lower = first.toLowerCase();

  if (host === "facebook.com" || host === "fb.com") {
    if (lower === "profile.php") {
      const id = url.searchParams.get("id");
      return id && /^\d+$/.test(id)
        ? { platform: "facebook", url: `https://www.facebook.com/profile.php?id=${id}` }
        : undefined;
    }
    if (!/^[\w.-]{2,}$/.test(first) || facebookReserved.has(lower)) return undefined;
    if (lower === "pages") return undefined; // legacy /pages/Name/123 URLs; rare on current sites
    return { platform: "facebook", url: `https://www.facebook.com/${lower}` };
  }
  if (host === "instagram.com" || host === "instagr.am") {
    if (!/^[\w.]{1,30}$/.test(first) || instagramReserved.has(lower)) return undefined;
    return { platform: "instagram", url: `https://www.instagram.com/${lower}` };
  }
  if (host === "tiktok.com") {
    const handle = /^@([\w.]{2,24})$/.exec(first)?.[1];
    if (!handle || segments.length > 1) return undefined; // /@acme/video/123 is a video
    return { platform: "tiktok", url: `https://www.tiktok.com/@${handle.toLowerCase()}` };
  }
  if (host === "linkedin.com" || host.endsWith(".linkedin.com")) {
    if (!["company", "in", "school", "showcase"].includes(lower) || !/^[\w%.-]+$/.test(second))
      return undefined;
    return { platform: "linkedin", url: `https://www.linkedin.com/${lower}/${second.toLowerCase()}` };
  }
  if (host === "youtube.com") {
    if (/^@[\w.-]{3,30}$/.test(first))
      return { platform: "youtube", url: `https://www.youtube.com/${first}` };
    if (["channel", "c", "user"].includes(lower) && /^[\w.-]+$/.test(second)) {
      return { platform: "youtube", url: `https://www.youtube.com/${lower}/${second}` };
    }
    return undefined; // /watch, /embed, /shorts, /playlist: content, not the channel
  }
  if (host === "twitter.com" || host === "x.com") {
    if (!/^\w{1,15}$/.test(first) || twitterReserved.has(lower) || segments.length > 1) return undefined;
    return { platform: "twitter", url: `https://x.com/${lower}` };
  }
  return undefined;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * One profile per platform: the one linked most often (a brand links its own accounts in the header and
 * the footer, an article links someone else's once); ties go to the first seen.
 */
export function pickSocialProfiles(found: SocialProfile[]): Partial<Record<SocialPlatform, string>> {
  const counts = new Map<string, { profile: SocialProfile; count: number; order: number }>();
  found.forEach((profile, order) => {
    const seen = counts.get(profile.url);
    if (seen) seen.count += 1;
    else counts.set(profile.url, { profile, count: 1, order });
  });
  const best = new Map<SocialPlatform, { count: number; order: number; url: string }>();
  for (const { profile, count, order } of counts.values()) {
    const current = best.get(profile.platform);
    if (!current || count > current.count || (count === current.count && order < current.order)) {
      best.set(profile.platform, { count, order, url: profile.url });
    }
  }
  const result: Partial<Record<SocialPlatform, string>> = {};
  for (const platform of socialPlatforms) {
    const url = best.get(platform)?.url;
    if (url) result[platform] = url;
  }
  return result;
}
