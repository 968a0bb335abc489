/** Every localStorage key the app writes: one per area (docs/product.md §7). Logout removes them all. */
export const storedAreas = [
  "auth",
  "brand",
  "config",
  "country",
  "industry",
  "audience",
  "influencer",
  "content",
  "competitor",
  "intent",
  "subscription",
] as const;

export type StoredArea = (typeof storedAreas)[number];

export function clearStoredState() {
  for (const area of storedAreas) localStorage.removeItem(area);
}
