import isoCountries from "i18n-iso-countries";
import type { Cells } from "../cells";
import type { CreatorRow, Platform } from "../types";
import type { ExportFormat } from "./format";

// Creator lists are written by people (an agency's roster, a spreadsheet kept by hand, a tool's CSV), so each field
// takes the spellings such files use; docs/import-formats.md §10 lists them.
const HANDLE = [
  "Handle",
  "Username",
  "User name",
  "Creator handle",
  "Influencer handle",
  "Channel handle",
  "Profile handle",
  "Account handle",
  "Instagram handle",
  "Screen name",
  "@handle",
  "Account",
];
const PLATFORM = ["Platform", "Network", "Social network", "Social platform", "Channel type", "Site"];
const FOLLOWERS = [
  "Followers",
  "Follower count",
  "Followers count",
  "No. of followers",
  "Number of followers",
  "Subscribers",
  "Subscriber count",
  "Audience size",
  "Fans",
];
const NAME = [
  "Name",
  "Creator",
  "Creator name",
  "Influencer",
  "Influencer name",
  "Full name",
  "Display name",
  "Channel name",
  "Channel title",
];
const URL_COLUMN = ["URL", "Profile URL", "Profile link", "Link", "Channel URL", "Profile"];
const COUNTRY = ["Country", "Country code", "Location"];
const ENGAGEMENT = [
  "Engagement rate",
  "Engagement rate (%)",
  "ER",
  "ER (%)",
  "Avg. engagement rate",
  "Average engagement rate",
];
const TEXTS = [["Bio", "Biography", "Description", "About"], ["Niche", "Category"], ["Topics"]] as const;
const TITLES = ["Recent titles", "Recent posts", "Recent videos", "Latest titles"];

/** How people write the platforms in a list; keys lower case, without spaces. */
const PLATFORM_NAMES: Record<string, Platform> = {
  instagram: "instagram",
  ig: "instagram",
  insta: "instagram",
  youtube: "youtube",
  yt: "youtube",
  tiktok: "tiktok",
  tt: "tiktok",
  x: "twitter",
  twitter: "twitter",
  "x(twitter)": "twitter",
  facebook: "facebook",
  fb: "facebook",
  linkedin: "linkedin",
};

/** The platform of a profile link's host. */
const HOSTS: [RegExp, Platform][] = [
  [/(^|\.)instagram\.com$/, "instagram"],
  [/(^|\.)youtube\.com$|^youtu\.be$/, "youtube"],
  [/(^|\.)tiktok\.com$/, "tiktok"],
  [/(^|\.)(x|twitter)\.com$/, "twitter"],
  [/(^|\.)facebook\.com$/, "facebook"],
  [/(^|\.)linkedin\.com$/, "linkedin"],
];

const HANDLE_PATTERN = /^[a-z0-9._-]{1,100}$/;
const PLATFORMS_READ = "Instagram, YouTube, TikTok, X, Facebook or LinkedIn";

/** A profile link's host platform and the handle in its path ("youtube.com/@name", "instagram.com/name/"). */
function fromLink(raw: string): { platform: Platform | null; handle: string | null; url: string } | null {
  let link: URL;
  try {
    link = new URL(/^https?:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch {
    return null;
  }
  if (!link.hostname.includes(".")) return null;
  const host = link.hostname.toLowerCase();
  const platform = HOSTS.find(([pattern]) => pattern.test(host))?.[1] ?? null;
  const parts = link.pathname.split("/").filter(Boolean);
  // LinkedIn's and YouTube's older links put the name after a kind ("in/…", "c/…", "user/…").
  const named = parts[0] && ["in", "c", "user", "company"].includes(parts[0]) ? parts[1] : parts[0];
  // The link as a web address ("instagram.com/name" reads https://instagram.com/name), never a relative one.
  return { platform, handle: named ? named.replace(/^@/, "").toLowerCase() : null, url: link.href };
}

function platformOf(c: Cells, linked: Platform | null): Platform {
  const raw = c.text(PLATFORM);
  if (raw === null) {
    if (linked) return linked;
    c.error(PLATFORM, `missing the platform (${PLATFORMS_READ})`);
    return "instagram";
  }
  const platform = PLATFORM_NAMES[raw.toLowerCase().replace(/\s+/g, "")];
  if (platform) return platform;
  c.error(PLATFORM, `"${raw}" is not a platform we read (${PLATFORMS_READ})`);
  return "instagram";
}

function handleOf(c: Cells): { handle: string; linked: Platform | null; url: string | null } {
  const raw = c.text(HANDLE);
  if (raw === null) {
    c.error(HANDLE, "missing the creator's handle");
    return { handle: "", linked: null, url: null };
  }
  const looksLinked = /[/]/.test(raw) || /^https?:/i.test(raw);
  const link = looksLinked ? fromLink(raw) : null;
  const handle = link ? (link.handle ?? "") : raw.replace(/^@/, "").toLowerCase();
  if (!HANDLE_PATTERN.test(handle)) {
    c.error(
      HANDLE,
      `"${raw}" is not a handle: write the name after the "@" (letters, digits, ".", "_" or "-") or the profile link`,
    );
  }
  return { handle, linked: link?.platform ?? null, url: link?.url ?? null };
}

/** "48.2K", "1,2M": how creator tools round audiences; the exact count when the cell has one. */
function followersOf(c: Cells): number | null {
  const raw = c.text(FOLLOWERS);
  const rounded = raw?.replace(/\s+/g, "").match(/^(\d+(?:[.,]\d+)?)([kKmM])$/);
  if (!rounded) return c.int(FOLLOWERS);
  const scale = rounded[2]?.toLowerCase() === "k" ? 1_000 : 1_000_000;
  return Math.round(Number((rounded[1] ?? "").replace(",", ".")) * scale);
}

function countryOf(c: Cells): string | null {
  const raw = c.text(COUNTRY);
  if (raw === null) return null;
  if (/^[a-z]{2}$/i.test(raw) && isoCountries.isValid(raw.toUpperCase())) return raw.toUpperCase();
  // "Lisbon, Portugal": the last part names the country when a location does.
  const name = raw.split(",").pop()?.trim() ?? raw;
  return isoCountries.getAlpha2Code(name, "en") ?? null;
}

/**
 * A creator list: any CSV with a handle and a platform column (docs/import-formats.md §10), one creator a row. The
 * handle may be written "@name", "name" or as the profile link, whose host then also gives the platform. Every
 * other column is optional and read when present; what a list leaves out stays unknown (null), never 0.
 */
export const creatorList: ExportFormat = {
  id: "creator-list",
  label: "Creator list",
  kind: "creator",
  signature: [HANDLE, PLATFORM],
  map(c): CreatorRow | null {
    if (c.text(HANDLE) === null && c.text(PLATFORM) === null && c.text(NAME) === null) return null;
    const { handle, linked, url } = handleOf(c);
    const platform = platformOf(c, linked);
    const followers = followersOf(c);
    if (followers !== null && followers < 0) c.error(FOLLOWERS, `${followers} followers is not a count`);
    const engagementRate = c.number(ENGAGEMENT, "percent");
    if (engagementRate !== null && (engagementRate < 0 || engagementRate > 1)) {
      c.error(ENGAGEMENT, `${c.text(ENGAGEMENT)} is not an engagement rate between 0% and 100%`);
    }
    const texts = TEXTS.map((names) => c.text(names)).filter((t): t is string => t !== null);
    const titles = c.text(TITLES);
    const link = c.link(URL_COLUMN);
    return {
      kind: "creator",
      line: c.line,
      platform,
      handle,
      name: c.text(NAME),
      url: link ?? url,
      followers,
      engagementRate,
      country: countryOf(c),
      description: texts.length > 0 ? texts.join(" · ") : null,
      recentTitles: titles
        ? titles
            .split(/\s*[|;]\s*/)
            .map((t) => t.trim())
            .filter(Boolean)
        : [],
    };
  },
};
