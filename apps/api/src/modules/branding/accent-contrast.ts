/**
 * The accent colour's contrast checks (docs/decisions.md "Custom branding"), after WCAG 2.2's relative luminance
 * and contrast ratio. The accent is used two ways in both colour modes: as a filled background with text on it
 * (buttons), which needs 4.5:1 for that text, and as text, borders and focus rings on the page, which needs 3:1
 * (non-text contrast) against the light and the dark page background. The colours are the theme's
 * (packages/ui/src/styles/theme.css) in sRGB.
 */
export const PAGE_BACKGROUNDS = { light: "#ffffff", dark: "#0c0e13" } as const;
/** The theme's two text colours on a filled primary: `--primary-foreground` light, `--foreground` dark. */
export const TEXT_ON_ACCENT = { light: "#f9fafe", dark: "#15181f" } as const;

export const TEXT_RATIO = 4.5;
export const UI_RATIO = 3;

const channel = (hex: string, at: number) => {
  const value = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
};

/** WCAG relative luminance of `#rrggbb`. */
export function luminance(hex: string): number {
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

export function contrastRatio(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/** The text colour that contrasts more with the accent. */
export function textOn(accent: string): string {
  return contrastRatio(accent, TEXT_ON_ACCENT.light) >= contrastRatio(accent, TEXT_ON_ACCENT.dark)
    ? TEXT_ON_ACCENT.light
    : TEXT_ON_ACCENT.dark;
}

/** Rounded down, so a ratio just short of the threshold never reads as reaching it ("2.99" is "2.9:1"). */
const shown = (ratio: number) => `${Math.floor(ratio * 10) / 10}:1`;

/** Why the accent cannot be used, the first check it fails, or undefined when it passes all three. */
export function accentProblem(accent: string): string | undefined {
  for (const mode of ["light", "dark"] as const) {
    const ratio = contrastRatio(accent, PAGE_BACKGROUNDS[mode]);
    if (ratio < UI_RATIO) {
      return (
        `This colour has a contrast of ${shown(ratio)} with the ${mode} background; ` +
        `choose one of at least ${UI_RATIO}:1.`
      );
    }
  }
  const text = contrastRatio(accent, textOn(accent));
  if (text < TEXT_RATIO) {
    return (
      `Text on this colour reaches a contrast of only ${shown(text)}, light or dark; ` +
      `choose a colour on which text reaches at least ${TEXT_RATIO}:1.`
    );
  }
  return undefined;
}
