// Which bubbles get a name beside them, and where: pure, so it is tested without a browser.

/** The ids of the `count` largest bubbles (earlier ones first among equals). */
export function largestBubbles(data: readonly { id: string; radius: number }[], count: number): Set<string> {
  return new Set(
    data
      .map((datum, index) => ({ id: datum.id, radius: datum.radius, index }))
      .sort((a, b) => b.radius - a.radius || a.index - b.index)
      .slice(0, Math.max(0, count))
      .map((datum) => datum.id),
  );
}

// Rough width of a character at 11 px, enough to tell whether a label would run off the plot or into another.
const CHARACTER_WIDTH = 6.2;
const LINE_HEIGHT = 14;

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

export interface LabelPlacement {
  id: string;
  x: number;
  y: number;
  anchor: "start" | "end";
}

/**
 * Where the labels go: one beside each bubble marked `labelled`, largest bubble first, on its right (or its left
 * when the right would run off the plot or into a label already placed); a label that fits nowhere is left out.
 */
export function placeLabels(
  nodes: readonly { id: string; x: number; y: number; size: number; label: string; radius: number }[],
  innerWidth: number,
): LabelPlacement[] {
  const placed: { placement: LabelPlacement; box: Box }[] = [];
  const byRadius = [...nodes].sort((a, b) => b.radius - a.radius);
  for (const node of byRadius) {
    const gap = node.size / 2 + 4;
    const width = node.label.length * CHARACTER_WIDTH;
    const top = node.y - LINE_HEIGHT / 2;
    const bottom = node.y + LINE_HEIGHT / 2;
    const candidates: { placement: LabelPlacement; box: Box }[] = [
      {
        placement: { id: node.id, x: node.x + gap, y: node.y, anchor: "start" },
        box: { left: node.x + gap, right: node.x + gap + width, top, bottom },
      },
      {
        placement: { id: node.id, x: node.x - gap, y: node.y, anchor: "end" },
        box: { left: node.x - gap - width, right: node.x - gap, top, bottom },
      },
    ];
    const fit = candidates.find(
      ({ box }) =>
        box.left >= 0 && box.right <= innerWidth && placed.every((other) => !overlaps(box, other.box)),
    );
    if (fit) placed.push(fit);
  }
  return placed.map(({ placement }) => placement);
}
