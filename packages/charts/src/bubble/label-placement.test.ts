import { describe, expect, it } from "vitest";
import { estimateLabelWidth, type LabelPlacement, largestBubbles, placeLabels } from "./label-placement";

const node = (id: string, x: number, y: number, radius: number, label = id) => ({
  id,
  x,
  y,
  size: 20,
  label,
  width: estimateLabelWidth(label),
  radius,
});

const plot = { width: 400, height: 300 };

describe("largestBubbles", () => {
  it("picks the largest, earlier ones first among equals", () => {
    const data = [
      { id: "a", radius: 0.1 },
      { id: "b", radius: 0.5 },
      { id: "c", radius: 0.5 },
      { id: "d", radius: 0.9 },
    ];
    expect([...largestBubbles(data, 2)]).toEqual(["d", "b"]);
    expect(largestBubbles(data, 10).size).toBe(4);
    expect(largestBubbles(data, 0).size).toBe(0);
  });
});

/** The box a placed name takes, the way placeLabels measures it. */
function boxOf(placement: LabelPlacement, width: number) {
  const left =
    placement.anchor === "start"
      ? placement.x
      : placement.anchor === "end"
        ? placement.x - width
        : placement.x - width / 2;
  return { left, right: left + width, top: placement.y - 7, bottom: placement.y + 7 };
}

describe("placeLabels", () => {
  it("puts a label on the right, or on the left when the right runs off the plot", () => {
    expect(placeLabels([node("a", 50, 50, 0.5)], plot)).toEqual([{ id: "a", x: 64, y: 50, anchor: "start" }]);
    expect(placeLabels([node("b", 390, 50, 0.5, "a long keyword")], plot)).toEqual([
      { id: "b", x: 376, y: 50, anchor: "end" },
    ]);
  });

  it("names every bubble of a tight cluster, apart from each other, with leader lines for the ones moved out", () => {
    const cluster = [
      node("one", 200, 280, 0.9, "best coffee subscription"),
      node("two", 205, 282, 0.8, "buy chai latte"),
      node("three", 195, 278, 0.7, "oat milk flat white"),
      node("four", 210, 284, 0.6, "decaf beans"),
      node("five", 190, 281, 0.5, "espresso machine deals"),
    ];
    const placed = placeLabels(cluster, plot);
    expect(placed.map((label) => label.id).sort()).toEqual(["five", "four", "one", "three", "two"]);
    const boxes = placed.map((label) =>
      boxOf(label, cluster.find((each) => each.id === label.id)?.width ?? 0),
    );
    for (const [i, a] of boxes.entries()) {
      expect(a.left).toBeGreaterThanOrEqual(0);
      expect(a.right).toBeLessThanOrEqual(plot.width);
      expect(a.top).toBeGreaterThanOrEqual(0);
      expect(a.bottom).toBeLessThanOrEqual(plot.height);
      for (const b of boxes.slice(i + 1)) {
        expect(a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top).toBe(true);
      }
    }
    expect(placed.some((label) => label.leader)).toBe(true);
  });

  it("keeps a name off another named bubble, and off the others where there is room", () => {
    const placed = placeLabels(
      [node("big", 100, 50, 0.9, "big keyword"), node("near", 150, 50, 0.5, "near")],
      plot,
      [
        { id: "big", x: 100, y: 50, size: 20 },
        { id: "near", x: 150, y: 50, size: 20 },
        { id: "small", x: 60, y: 50, size: 30 },
      ],
    );
    // Right of 'big' runs into 'near', left of it onto the unnamed bubble: it goes above instead.
    expect(placed[0]).toMatchObject({ id: "big", anchor: "middle" });
    expect(placed[0]?.y).toBeLessThan(50);
  });
});
