import { describe, expect, it } from "vitest";
import { largestBubbles, placeLabels } from "./label-placement";

const node = (id: string, x: number, y: number, radius: number, label = id) => ({
  id,
  x,
  y,
  size: 20,
  label,
  radius,
});

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

describe("placeLabels", () => {
  it("puts a label on the right, or on the left when the right runs off the plot", () => {
    expect(placeLabels([node("a", 50, 50, 0.5)], 400)).toEqual([{ id: "a", x: 64, y: 50, anchor: "start" }]);
    expect(placeLabels([node("b", 390, 50, 0.5, "a long keyword")], 400)).toEqual([
      { id: "b", x: 376, y: 50, anchor: "end" },
    ]);
  });

  it("leaves out a smaller bubble's label that would collide with a larger one's", () => {
    const placed = placeLabels(
      [node("small", 100, 52, 0.1, "small keyword"), node("big", 100, 50, 0.9, "big keyword")],
      160,
    );
    expect(placed.map((label) => label.id)).toEqual(["big"]);
  });

  it("moves a label to the left when its right side is taken", () => {
    const placed = placeLabels([node("big", 100, 50, 0.9, "big"), node("next", 110, 50, 0.5, "x")], 400);
    expect(placed).toEqual([
      { id: "big", x: 114, y: 50, anchor: "start" },
      { id: "next", x: 96, y: 50, anchor: "end" },
    ]);
  });
});
