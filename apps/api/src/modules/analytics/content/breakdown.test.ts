import { describe, expect, it } from "vitest";
import { contentBreakdown } from "./breakdown";
import { makePost } from "./test-fixtures";

describe("contentBreakdown", () => {
  it("counts posts per network, largest first, with fractions summing to 1", () => {
    const posts = [
      makePost("1", { platform: "tiktok" }),
      makePost("2", { platform: "instagram" }),
      makePost("3", { platform: "instagram" }),
      makePost("4", { platform: "facebook" }),
    ];
    const result = contentBreakdown(posts);
    expect(result.status).toBe("ok");
    expect(result.n).toBe(4);
    expect(result.items).toEqual([
      { label: "instagram", count: 2, share: 0.5, color: "var(--network-instagram)" },
      // Equal counts fall back to the label, so facebook precedes tiktok.
      { label: "facebook", count: 1, share: 0.25, color: "var(--network-facebook)" },
      { label: "tiktok", count: 1, share: 0.25, color: "var(--network-tiktok)" },
    ]);
  });

  it("is no_data with no items when the window has no posts", () => {
    expect(contentBreakdown([])).toMatchObject({ status: "no_data", items: [] });
  });
});
