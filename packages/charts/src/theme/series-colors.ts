const SERIES_COLOURS = 8;

/** The n-th categorical colour of the theme (`--chart-1` … `--chart-8`, then round again), as a CSS value. */
export function seriesColor(index: number): string {
  return `var(--chart-${(index % SERIES_COLOURS) + 1})`;
}
