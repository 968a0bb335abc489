import { INTERESTS, type InterestId } from "../../domain/interests";
import { type SocialNetwork, socialNetworks } from "../../domain/social-networks";

export { INTERESTS, type InterestId };

/** Shared vocabulary of the sample data: platforms, formats, interests, countries, caption glue. */

export const PLATFORMS = socialNetworks;
export type Platform = SocialNetwork;

/** Post formats (docs/analytics-methods.md §1.3); "short" is a reel / short / vertical video. */
export const FORMATS = ["image", "video", "carousel", "short", "text", "link"] as const;
export type PostFormat = (typeof FORMATS)[number];

export interface PlatformProfile {
  formats: Partial<Record<PostFormat, number>>;
  /** Median engagements per follower for an average post. */
  engagementRate: number;
  /** Whether the platform shows a public share / repost count. */
  shares: boolean;
  /** Formats whose views are public. */
  viewFormats: readonly PostFormat[];
  /** Follower multiplier against the brand's base audience. */
  audience: number;
  host: string;
}

export const PLATFORM_PROFILES: Record<Platform, PlatformProfile> = {
  facebook: {
    formats: { image: 35, video: 12, short: 10, link: 28, text: 15 },
    engagementRate: 0.0015,
    shares: true,
    viewFormats: ["video", "short"],
    audience: 1.2,
    host: "facebook.example",
  },
  instagram: {
    formats: { image: 30, carousel: 35, short: 35 },
    engagementRate: 0.012,
    shares: false,
    viewFormats: ["short"],
    audience: 1,
    host: "instagram.example",
  },
  youtube: {
    formats: { video: 45, short: 55 },
    engagementRate: 0.02,
    shares: false,
    viewFormats: ["video", "short"],
    audience: 0.35,
    host: "youtube.example",
  },
  tiktok: {
    formats: { short: 85, carousel: 15 },
    engagementRate: 0.04,
    shares: true,
    viewFormats: ["short", "carousel"],
    audience: 0.8,
    host: "tiktok.example",
  },
  linkedin: {
    formats: { image: 35, text: 25, link: 20, carousel: 10, video: 10 },
    engagementRate: 0.006,
    shares: true,
    viewFormats: ["video"],
    audience: 0.6,
    host: "linkedin.example",
  },
  twitter: {
    formats: { text: 50, image: 30, video: 10, link: 10 },
    engagementRate: 0.0009,
    shares: true,
    viewFormats: ["text", "image", "video", "link"],
    audience: 0.5,
    host: "x.example",
  },
};

export { AGE_BANDS, type AgeBand } from "../../domain/audience";
export const GENDERS = ["female", "male"] as const;
export type Gender = (typeof GENDERS)[number];

export interface CountryProfile {
  /** ISO 3166-1 alpha-2. */
  code: string;
  /** Lower-case English name as typed in searches. */
  name: string;
  /** Hours ahead of UTC (standard time, rounded): enough for weekday/hour rhythms. */
  utcOffset: number;
  /** Relative size of its online market. */
  weight: number;
}

export const COUNTRIES: readonly CountryProfile[] = [
  { code: "US", name: "usa", utcOffset: -5, weight: 30 },
  { code: "GB", name: "uk", utcOffset: 0, weight: 9 },
  { code: "DE", name: "germany", utcOffset: 1, weight: 9 },
  { code: "FR", name: "france", utcOffset: 1, weight: 8 },
  { code: "ES", name: "spain", utcOffset: 1, weight: 6 },
  { code: "IT", name: "italy", utcOffset: 1, weight: 6 },
  { code: "NL", name: "netherlands", utcOffset: 1, weight: 3 },
  { code: "SE", name: "sweden", utcOffset: 1, weight: 2 },
  { code: "DK", name: "denmark", utcOffset: 1, weight: 1.5 },
  { code: "IE", name: "ireland", utcOffset: 0, weight: 1.5 },
  { code: "CA", name: "canada", utcOffset: -5, weight: 5 },
  { code: "AU", name: "australia", utcOffset: 10, weight: 4 },
  { code: "NZ", name: "new zealand", utcOffset: 12, weight: 1 },
  { code: "BR", name: "brazil", utcOffset: -3, weight: 7 },
  { code: "MX", name: "mexico", utcOffset: -6, weight: 5 },
  { code: "JP", name: "japan", utcOffset: 9, weight: 7 },
  { code: "KR", name: "korea", utcOffset: 9, weight: 4 },
  { code: "IN", name: "india", utcOffset: 5, weight: 8 },
];

export function countryProfile(code: string): CountryProfile {
  return (
    COUNTRIES.find((c) => c.code === code) ?? { code, name: code.toLowerCase(), utcOffset: 0, weight: 1 }
  );
}

export const OPENERS = [
  "",
  "",
  "",
  "",
  "Big news! ",
  "Hello weekend. ",
  "Quick tip: ",
  "Fresh drop. ",
  "PSA: ",
  "Story time. ",
];
export const CTAS = [
  "",
  "",
  "Link in bio.",
  "Tap to shop.",
  "Tell us in the comments 👇",
  "Save this for later.",
  "Tag a friend who needs this.",
  "Read more on our blog.",
  "Available now.",
  "Which one is your favourite?",
];
export const POSITIVE_FLOURISHES = [
  "We love it.",
  "Honestly our favourite.",
  "So excited to share this!",
  "Thank you for the amazing support!",
  "Best feeling ever.",
  "Happy weekend, friends!",
  "Pure joy.",
  "You are going to love this.",
];
export const NEUTRAL_LINES = [
  "Our opening hours change on public holidays: check the website before you visit.",
  "We are updating our terms of service. The summary is on our website.",
  "Customer service is available Monday to Friday, 9 to 5.",
  "Reminder: the price list for {product} changes on the first of the month.",
  "Our team will be at the trade fair next week, stand number 12.",
];

export const FIRST_NAMES = [
  "ana",
  "leo",
  "mia",
  "noah",
  "sofia",
  "liam",
  "emma",
  "lucas",
  "yuki",
  "aria",
  "mateo",
  "chloe",
  "finn",
  "zoe",
  "ravi",
  "nora",
  "omar",
  "ines",
  "kai",
  "lea",
  "sam",
  "ivy",
  "max",
  "jade",
  "theo",
  "maya",
  "eli",
  "luna",
  "hugo",
  "alma",
];
export const HANDLE_SUFFIXES = [
  "eats",
  "runs",
  "glow",
  "codes",
  "style",
  "travels",
  "daily",
  "studio",
  "life",
  "journal",
  "club",
  "lab",
  "notes",
  "world",
  "hq",
  "diaries",
];
export const LAST_INITIALS = [
  "a",
  "b",
  "c",
  "d",
  "e",
  "f",
  "g",
  "h",
  "k",
  "l",
  "m",
  "n",
  "p",
  "r",
  "s",
  "t",
  "v",
  "w",
];

/** Keyword templates by search intent: {head}, {audience}, {verb}, {country}, {brand}. */
export const KEYWORD_TEMPLATES: readonly string[] = [
  "{head}",
  "best {head}",
  "best {head} for {audience}",
  "{head} for {audience}",
  "buy {head}",
  "buy {head} online",
  "{head} price",
  "cheap {head}",
  "{head} sale",
  "{head} discount code",
  "{head} near me",
  "{head} review",
  "{head} reviews",
  "top 10 {head}",
  "{head} alternative",
  "how to {verb} {head}",
  "what is {head}",
  "{head} guide",
  "{head} tips",
  "{head} ideas",
  "{head} {country}",
  "best {head} {country}",
  "{head} shipping",
  "{head} subscription",
  "{head} comparison",
];
export const BRAND_KEYWORD_TEMPLATES = [
  "{brand}",
  "{brand} login",
  "{brand} review",
  "{brand} discount code",
  "{brand} official website",
  "{brand} vs {rival}",
  "{brand} customer service",
];
