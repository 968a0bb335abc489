// The doughnut's geometry in plain SVG arc math: angles in radians, 0 at twelve o'clock, clockwise.

export interface RingSlice {
  startAngle: number;
  endAngle: number;
}

const TURN = 2 * Math.PI;

/** Consecutive slices of a full turn, each as wide as its share of the total; values ≤ 0 get no width. */
export function ringSlices(values: readonly number[]): RingSlice[] {
  const total = values.reduce((sum, value) => sum + Math.max(0, value), 0);
  let angle = 0;
  return values.map((value) => {
    const startAngle = angle;
    angle += total > 0 ? (Math.max(0, value) / total) * TURN : 0;
    return { startAngle, endAngle: angle };
  });
}

const point = (radius: number, angle: number) =>
  `${round(radius * Math.sin(angle))} ${round(-radius * Math.cos(angle))}`;
// `+ 0` turns -0 into 0, so a path never reads "-0".
const round = (value: number) => Math.round(value * 1000) / 1000 + 0;

/**
 * The path of one slice of a ring centred on 0,0, between `inner` and `outer` radii, with `pad` radians left
 * empty on each side so neighbours stand apart. A slice of the whole turn is drawn as two halves: an SVG arc
 * whose ends meet draws nothing.
 */
export function ringSlicePath(
  { startAngle, endAngle }: RingSlice,
  inner: number,
  outer: number,
  pad = 0,
): string {
  const span = endAngle - startAngle;
  if (span >= TURN - 1e-9) {
    const half = startAngle + Math.PI;
    return `${ringSlicePath({ startAngle, endAngle: half }, inner, outer)} ${ringSlicePath({ startAngle: half, endAngle }, inner, outer)}`;
  }
  const from = startAngle + Math.min(pad, span / 2);
  const to = endAngle - Math.min(pad, span / 2);
  const large = to - from > Math.PI ? 1 : 0;
  return [
    `M${point(outer, from)}`,
    `A${outer} ${outer} 0 ${large} 1 ${point(outer, to)}`,
    `L${point(inner, to)}`,
    `A${inner} ${inner} 0 ${large} 0 ${point(inner, from)}`,
    "Z",
  ].join(" ");
}

/** Where a slice's label sits: mid-way across the ring, at the slice's middle angle. */
export function ringLabelPoint({ startAngle, endAngle }: RingSlice, inner: number, outer: number) {
  const angle = (startAngle + endAngle) / 2;
  const radius = (inner + outer) / 2;
  return { x: round(radius * Math.sin(angle)), y: round(-radius * Math.cos(angle)) };
}
