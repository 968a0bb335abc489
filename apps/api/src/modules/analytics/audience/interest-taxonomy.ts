import type { InterestId } from "../../../domain/interests";

export interface InterestEntry {
  /** Shown in lists and on the radar. */
  label: string;
  /** The persona's noun when this interest is its most over-indexed one ("Lucía — Home Cook"). */
  descriptor: string;
  /**
   * English search terms that signal the interest, matched against keywords with pg_trgm word similarity
   * (≥ 0.5). Kept to phrases of two words or more where a single short word would match unrelated words
   * by trigrams (e.g. "ai" would match "air").
   */
  seeds: readonly string[];
}

/** One entry per taxonomy id of the sample vocabulary; the `Record` type makes a missing id a compile error. */
export const INTEREST_TAXONOMY: Record<InterestId, InterestEntry> = {
  coffee: {
    label: "Coffee",
    descriptor: "Coffee Lover",
    seeds: ["coffee", "espresso", "latte", "cold brew", "french press", "barista"],
  },
  cooking: {
    label: "Cooking",
    descriptor: "Home Cook",
    seeds: ["recipe", "cooking", "kitchen", "baking", "meal prep"],
  },
  food: {
    label: "Food",
    descriptor: "Foodie",
    seeds: ["food", "restaurant", "snacks", "matcha", "chai", "food tour"],
  },
  wellness: {
    label: "Wellness",
    descriptor: "Wellness Seeker",
    seeds: ["wellness", "yoga", "spa retreat", "self care", "meditation", "vitamin"],
  },
  sustainability: {
    label: "Sustainability",
    descriptor: "Conscious Consumer",
    seeds: ["sustainable", "eco friendly", "vegan", "organic", "recycled", "zero waste"],
  },
  running: {
    label: "Running",
    descriptor: "Runner",
    seeds: ["running", "marathon", "running shoes", "trail running", "running vest"],
  },
  hiking: {
    label: "Hiking",
    descriptor: "Trail Hiker",
    seeds: ["hiking", "hiking boots", "trekking", "trail"],
  },
  fitness: {
    label: "Fitness",
    descriptor: "Fitness Enthusiast",
    seeds: ["fitness", "workout", "gym", "yoga mat", "training plan", "fitness tracker"],
  },
  outdoors: {
    label: "Outdoors",
    descriptor: "Outdoor Explorer",
    seeds: ["outdoor", "camping", "glamping", "rain jacket", "sleeping bag", "base layer"],
  },
  cycling: {
    label: "Cycling",
    descriptor: "Cyclist",
    seeds: ["cycling", "bike", "gravel bike", "bike helmet"],
  },
  skincare: {
    label: "Skincare",
    descriptor: "Skincare Devotee",
    seeds: [
      "skincare",
      "serum",
      "retinol",
      "sunscreen",
      "night cream",
      "eye cream",
      "cleansing balm",
      "clay mask",
    ],
  },
  makeup: {
    label: "Makeup",
    descriptor: "Makeup Enthusiast",
    seeds: ["makeup", "lip tint", "lipstick", "mascara", "foundation"],
  },
  fashion: {
    label: "Fashion",
    descriptor: "Style Seeker",
    seeds: ["fashion", "dress", "coat", "trousers", "sweater", "capsule wardrobe", "outfit"],
  },
  streetwear: {
    label: "Streetwear",
    descriptor: "Streetwear Fan",
    seeds: ["streetwear", "sneakers", "hoodie", "denim jacket"],
  },
  luxury: {
    label: "Luxury",
    descriptor: "Luxury Connoisseur",
    seeds: ["luxury", "cashmere", "designer", "boutique hotel", "leather"],
  },
  design: {
    label: "Design",
    descriptor: "Design Enthusiast",
    seeds: ["design", "interior design", "minimalist", "typography"],
  },
  tech: {
    label: "Tech",
    descriptor: "Tech Enthusiast",
    seeds: ["software", "gadget", "api integration", "password manager", "ai assistant", "tech"],
  },
  productivity: {
    label: "Productivity",
    descriptor: "Productivity Pro",
    seeds: ["productivity", "project management", "time tracking", "workflow", "planner"],
  },
  entrepreneurship: {
    label: "Entrepreneurship",
    descriptor: "Founder",
    seeds: ["startup", "small business", "entrepreneur", "crm software", "freelancer"],
  },
  finance: {
    label: "Finance",
    descriptor: "Smart Saver",
    seeds: ["finance", "budget", "investing", "invoice", "savings"],
  },
  travel: {
    label: "Travel",
    descriptor: "Globetrotter",
    seeds: ["travel", "holiday", "hotel", "city break", "getaway", "honeymoon"],
  },
  "budget-travel": {
    label: "Budget travel",
    descriptor: "Budget Traveller",
    seeds: ["cheap flights", "last minute deals", "hostel", "budget travel", "backpacking"],
  },
  photography: {
    label: "Photography",
    descriptor: "Photographer",
    seeds: ["photography", "camera", "lens", "photo"],
  },
  parenting: {
    label: "Parenting",
    descriptor: "Busy Parent",
    seeds: ["parenting", "baby", "kids", "family holiday", "toddler"],
  },
  music: {
    label: "Music",
    descriptor: "Music Fan",
    seeds: ["music", "concert", "festival", "playlist", "vinyl"],
  },
  gaming: {
    label: "Gaming",
    descriptor: "Gamer",
    seeds: ["gaming", "video games", "console", "esports"],
  },
};

export function interestLabel(id: string): string {
  return (INTEREST_TAXONOMY as Record<string, InterestEntry | undefined>)[id]?.label ?? id;
}
