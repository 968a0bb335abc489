// Arithmetic on the concrete colours useChartTheme produces ("rgb(r, g, b)" / "rgba(r, g, b, a)").

interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

const RGB = /^rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)$/;

function parse(colour: string): Rgba | undefined {
  const match = RGB.exec(colour);
  if (!match) return undefined;
  const [, r, g, b, a] = match;
  return { r: Number(r), g: Number(g), b: Number(b), a: a === undefined ? 1 : Number(a) };
}

export function formatRgba({ r, g, b, a }: Rgba): string {
  return a >= 1 ? `rgb(${r}, ${g}, ${b})` : `rgba(${r}, ${g}, ${b}, ${Math.round(a * 1000) / 1000})`;
}

/** `from` moved towards `to` by `amount` (0 → from, 1 → to); a colour it cannot read is returned as is. */
export function mixColors(from: string, to: string, amount: number): string {
  const a = parse(from);
  const b = parse(to);
  if (!a || !b) return from;
  const mix = (x: number, y: number) => Math.round(x + (y - x) * amount);
  return formatRgba({ r: mix(a.r, b.r), g: mix(a.g, b.g), b: mix(a.b, b.b), a: a.a + (b.a - a.a) * amount });
}

function luminance({ r, g, b }: Rgba): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** Near-black or white, whichever contrasts more with `background` (labels drawn on data colours). */
export function readableTextOn(background: string): string {
  const parsed = parse(background);
  if (!parsed) return "#111111";
  const l = luminance(parsed);
  const onWhite = 1.05 / (l + 0.05);
  const onDark = (l + 0.05) / 0.0556;
  return onWhite >= onDark ? "#ffffff" : "#111111";
}

/** The same colour at `alpha` opacity. */
export function withAlpha(colour: string, alpha: number): string {
  const parsed = parse(colour);
  return parsed ? formatRgba({ ...parsed, a: alpha }) : colour;
}
