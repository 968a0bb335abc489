import { useEffect, useState } from "react";

/** A text token on the surface it is used on; `minimum` is WCAG 2.2 AA for that use (4.5 text, 3 large text/UI). */
export type TokenPair = { text: string; surface: string; use: string; minimum: 4.5 | 3 };

type Rgb = [number, number, number];
type Measured = { text: Rgb; surface: Rgb; ratio: number };

/**
 * The colour tokens as the browser resolves them in light and in dark mode, with their WCAG contrast ratios.
 * Measured from the live stylesheet, so the page cannot drift from theme.css.
 */
export function ContrastTable({ pairs }: { pairs: TokenPair[] }) {
  const [measured, setMeasured] = useState<Record<"light" | "dark", Measured[]> | null>(null);
  useEffect(() => setMeasured({ light: measure(pairs, false), dark: measure(pairs, true) }), [pairs]);

  return (
    <table style={{ width: "100%", borderCollapse: "collapse", fontSize: 14 }}>
      <thead>
        <tr>
          <th style={cell}>Text on surface</th>
          <th style={cell}>Used for</th>
          <th style={cell}>Light</th>
          <th style={cell}>Dark</th>
        </tr>
      </thead>
      <tbody>
        {pairs.map((pair, index) => (
          <tr key={`${pair.text}/${pair.surface}`}>
            <td style={cell}>
              <code>--{pair.text}</code> on <code>--{pair.surface}</code>
            </td>
            <td style={cell}>
              {pair.use} (needs {pair.minimum}:1)
            </td>
            {(["light", "dark"] as const).map((mode) => {
              const value = measured?.[mode][index];
              return (
                <td key={mode} style={cell}>
                  {value ? <Sample value={value} minimum={pair.minimum} /> : "…"}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Sample({ value, minimum }: { value: Measured; minimum: number }) {
  const passes = value.ratio >= minimum;
  return (
    <span style={{ display: "inline-flex", alignItems: "center", gap: 8 }}>
      <span
        style={{
          padding: "2px 8px",
          borderRadius: 5,
          border: "1px solid rgb(128 128 128 / 30%)",
          color: css(value.text),
          background: css(value.surface),
        }}
      >
        Aa
      </span>
      <span>
        {value.ratio.toFixed(2)}:1 {passes ? "✓ AA" : "✗ below AA"}
      </span>
    </span>
  );
}

const cell = {
  textAlign: "left",
  padding: "6px 8px",
  borderBottom: "1px solid rgb(128 128 128 / 25%)",
} as const;

const css = ([red, green, blue]: Rgb) => `rgb(${red} ${green} ${blue})`;

/** Reads every pair with `.dark` on <html> set as asked, then puts the page's own mode back (no paint in between). */
function measure(pairs: TokenPair[], dark: boolean): Measured[] {
  const html = document.documentElement;
  const wasDark = html.classList.contains("dark");
  const probe = document.createElement("span");
  document.body.append(probe);
  html.classList.toggle("dark", dark);
  try {
    return pairs.map((pair) => {
      const text = resolve(probe, pair.text);
      const surface = resolve(probe, pair.surface);
      return { text, surface, ratio: contrast(text, surface) };
    });
  } finally {
    html.classList.toggle("dark", wasDark);
    probe.remove();
  }
}

// The tokens are oklch(); a canvas turns any CSS colour into sRGB bytes.
const canvas = document.createElement("canvas");
canvas.width = 1;
canvas.height = 1;
const context = canvas.getContext("2d", { willReadFrequently: true });

function resolve(probe: HTMLElement, token: string): Rgb {
  probe.style.color = `var(--${token})`;
  if (!context) throw new Error("no 2D canvas");
  context.clearRect(0, 0, 1, 1);
  context.fillStyle = getComputedStyle(probe).color;
  context.fillRect(0, 0, 1, 1);
  const [red = 0, green = 0, blue = 0] = context.getImageData(0, 0, 1, 1).data;
  return [red, green, blue];
}

/** WCAG 2.2 contrast ratio of two opaque sRGB colours. */
function contrast(first: Rgb, second: Rgb): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

function luminance(rgb: Rgb): number {
  const [red = 0, green = 0, blue = 0] = rgb.map((channel) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}
