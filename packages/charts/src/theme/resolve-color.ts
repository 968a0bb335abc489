import { formatRgba } from "./color";

let probe: HTMLElement | undefined;
let pixel: CanvasRenderingContext2D | undefined;

/**
 * Any CSS colour (`var(--chart-1)`, `oklch(…)`, a hex) as a concrete `rgb()`/`rgba()` in the colour mode
 * currently on <html>. nivo's colour modifiers (d3-color) and its canvas renderers understand neither
 * var() nor oklch, so the browser does the work: a hidden probe computes the colour, and a one-pixel
 * canvas turns whatever colour space that yields into sRGB bytes.
 */
export function resolveColor(css: string): string {
  if (typeof document === "undefined") return css;
  probe ??= createProbe();
  probe.style.color = "";
  probe.style.color = css;
  if (!probe.style.color) return css;
  const computed = getComputedStyle(probe).color;
  pixel ??= createPixel();
  if (!pixel) return computed;
  pixel.clearRect(0, 0, 1, 1);
  pixel.fillStyle = computed;
  pixel.fillRect(0, 0, 1, 1);
  const [r = 0, g = 0, b = 0, a = 255] = pixel.getImageData(0, 0, 1, 1).data;
  return formatRgba({ r, g, b, a: a / 255 });
}

function createProbe(): HTMLElement {
  const element = document.createElement("span");
  element.hidden = true;
  element.setAttribute("data-chart-color-probe", "");
  document.documentElement.append(element);
  return element;
}

function createPixel(): CanvasRenderingContext2D | undefined {
  const canvas = document.createElement("canvas");
  canvas.width = 1;
  canvas.height = 1;
  return canvas.getContext("2d", { willReadFrequently: true }) ?? undefined;
}
