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

// Rough width of a character at 11 px, for when the browser cannot measure the text.
const CHARACTER_WIDTH = 6.2;
export const estimateLabelWidth = (label: string) => label.length * CHARACTER_WIDTH;

const LINE_HEIGHT = 14;
// Space between a bubble's edge and its name.
const GAP = 4;
// How far from its bubble a name may go looking for room, in steps of one line.
const MAX_DISTANCE = 10 * LINE_HEIGHT;
// Directions tried at each distance, the usual ones first: right, left, above, below, then the diagonals.
const DIRECTIONS = [0, 180, -90, 90, -30, -150, 30, 150, -60, -120, 60, 120].map(
  (degrees) => (degrees * Math.PI) / 180,
);
// What covering an unnamed bubble costs, in pixels of distance: a name would rather move a little further out.
const COVER_COST = 24;

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

function coversCircle(box: Box, circle: { x: number; y: number; size: number }) {
  const nearestX = Math.min(Math.max(circle.x, box.left), box.right);
  const nearestY = Math.min(Math.max(circle.y, box.top), box.bottom);
  return Math.hypot(circle.x - nearestX, circle.y - nearestY) < circle.size / 2;
}

export interface LabelPlacement {
  id: string;
  x: number;
  y: number;
  anchor: "start" | "middle" | "end";
  /** Where a leader line from the bubble's edge meets the name, when the name sits away from its bubble. */
  leader?: { x1: number; y1: number; x2: number; y2: number };
}

interface Candidate {
  placement: LabelPlacement;
  box: Box;
  cost: number;
}

export interface LabelNode {
  id: string;
  x: number;
  y: number;
  /** The bubble's diameter in pixels. */
  size: number;
  label: string;
  /** The label's width in pixels. */
  width: number;
  radius: number;
}

/** A name at `distance` beyond the bubble's edge in `direction`, anchored on the side facing the bubble. */
function candidateAt(node: LabelNode, direction: number, distance: number): Omit<Candidate, "cost"> {
  const reach = node.size / 2 + GAP + distance;
  const cos = Math.cos(direction);
  const sin = Math.sin(direction);
  const px = node.x + reach * cos;
  const py = node.y + reach * sin;
  const anchor = cos > 0.3 ? "start" : cos < -0.3 ? "end" : "middle";
  const left = anchor === "start" ? px : anchor === "end" ? px - node.width : px - node.width / 2;
  // Above or below, the line's near edge (not its middle) faces the bubble.
  const y = anchor === "middle" ? py + Math.sign(sin) * (LINE_HEIGHT / 2) : py;
  const box = { left, right: left + node.width, top: y - LINE_HEIGHT / 2, bottom: y + LINE_HEIGHT / 2 };
  const edge = { x: node.x + (node.size / 2) * cos, y: node.y + (node.size / 2) * sin };
  return {
    placement: {
      id: node.id,
      x: px,
      y,
      anchor,
      ...(distance > 0 ? { leader: { x1: edge.x, y1: edge.y, x2: px, y2: py } } : {}),
    },
    box,
  };
}

/**
 * Where the names go: one for each of `nodes`, largest bubble first, as close to its bubble as it fits inside
 * the plot without touching a name already placed or another named bubble, preferring spots that leave the
 * other bubbles uncovered; a name away from its bubble gets a leader line. Only a name that fits nowhere within
 * reach is left out.
 */
export function placeLabels(
  nodes: readonly LabelNode[],
  plot: { width: number; height: number },
  /** Every bubble drawn, named or not, so names avoid covering them where they can. */
  bubbles: readonly { id: string; x: number; y: number; size: number }[] = nodes,
): LabelPlacement[] {
  const placed: Box[] = [];
  const placements: LabelPlacement[] = [];
  const named = new Set(nodes.map((node) => node.id));
  for (const node of [...nodes].sort((a, b) => b.radius - a.radius)) {
    let best: Candidate | undefined;
    for (let distance = 0; distance <= MAX_DISTANCE; distance += LINE_HEIGHT / 2) {
      for (const direction of DIRECTIONS) {
        const { placement, box } = candidateAt(node, direction, distance);
        const inside = box.left >= 0 && box.right <= plot.width && box.top >= 0 && box.bottom <= plot.height;
        if (!inside || placed.some((other) => overlaps(box, other))) continue;
        const others = bubbles.filter((bubble) => bubble.id !== node.id && coversCircle(box, bubble));
        if (others.some((bubble) => named.has(bubble.id))) continue;
        const cost = distance + others.length * COVER_COST;
        if (!best || cost < best.cost) best = { placement, box, cost };
      }
      // Nothing further out can be cheaper than a spot found at this distance that covers nothing.
      if (best && best.cost <= distance) break;
    }
    if (best) {
      placed.push(best.box);
      placements.push(best.placement);
    }
  }
  return placements;
}
