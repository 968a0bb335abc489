import type { InterestId } from "./interests";

/**
 * Google's affinity categories (what GA4's Interests dimension holds, as "Parent/Child" paths) mapped to the
 * interests Brandscope knows (docs/import-formats.md §9 lists the sources and which names were checked). A category
 * missing here maps to nothing: Brandscope's taxonomy has no pets, news or film, and guessing would put people in
 * a persona for something they never showed interest in.
 */
const AFFINITY_INTERESTS: Readonly<Record<string, InterestId>> = {
  "Banking & Finance": "finance",
  "Banking & Finance/Avid Investors": "finance",
  "Beauty & Wellness": "wellness",
  "Beauty & Wellness/Beauty Mavens": "makeup",
  "Beauty & Wellness/Frequently Visits Salons": "makeup",
  "Food & Dining": "food",
  "Food & Dining/Coffee Shop Regulars": "coffee",
  "Food & Dining/Cooking Enthusiasts": "cooking",
  "Food & Dining/Foodies": "food",
  "Food & Dining/Fast Food Cravers": "food",
  "Food & Dining/Healthy Eaters": "wellness",
  "Home & Garden/Home Decor Enthusiasts": "design",
  "Lifestyles & Hobbies/Art & Theater Aficionados": "design",
  "Lifestyles & Hobbies/Business Professionals": "entrepreneurship",
  "Lifestyles & Hobbies/Family-Focused": "parenting",
  "Lifestyles & Hobbies/Fashionistas": "fashion",
  "Lifestyles & Hobbies/Green Living Enthusiasts": "sustainability",
  "Lifestyles & Hobbies/Outdoor Enthusiasts": "outdoors",
  "Lifestyles & Hobbies/Shutterbugs": "photography",
  "Media & Entertainment/Gamers": "gaming",
  "Media & Entertainment/Music Lovers": "music",
  "Shoppers/Luxury Shoppers": "luxury",
  "Sports & Fitness/Health & Fitness Buffs": "fitness",
  "Technology/Mobile Enthusiasts": "tech",
  "Technology/Technophiles": "tech",
  "Travel/Business Travelers": "travel",
  "Travel/Travel Buffs": "travel",
};

const key = (path: string) =>
  path
    .split("/")
    .map((part) => part.trim().replace(/\s+/g, " ").toLowerCase())
    .filter(Boolean)
    .join("/");

const BY_PATH = new Map(Object.entries(AFFINITY_INTERESTS).map(([path, id]) => [key(path), id]));
/** Some exports and reports name a category without its parents ("Technophiles"). */
const BY_LEAF = new Map(
  Object.entries(AFFINITY_INTERESTS).map(([path, id]) => [key(path.split("/").pop() ?? path), id]),
);

/**
 * The Brandscope interest of a GA4 Interests value, or null. A deeper category counts as its nearest listed
 * parent ("Food & Dining/Cooking Enthusiasts/30 Minute Chefs" is cooking); a bare leaf name is looked up alone.
 */
export function interestOfAffinity(category: string): InterestId | null {
  const parts = key(category).split("/");
  for (let n = parts.length; n > 0; n--) {
    const found = BY_PATH.get(parts.slice(0, n).join("/"));
    if (found) return found;
  }
  return parts.length === 1 ? (BY_LEAF.get(parts[0] ?? "") ?? null) : null;
}
