/** The first chart on a screen: nivo's drawing (svg or canvas with shapes) inside a chart's labelled image. */
export const FIRST_CHART_SELECTOR =
  '[data-slot="chart"] [role="img"] svg :is(path, rect, circle), [data-slot="chart"] [role="img"] canvas';

declare global {
  interface Window {
    __firstChartMs?: number;
  }
}

/**
 * An init script (page.addInitScript({ content })) recording, in the page, when the first chart shape enters the
 * DOM (milliseconds since navigation start, `performance.now()`), installed before the app's first script runs.
 * Plain text, not a function: tsx would wrap a function's inner functions in a helper the page does not have.
 */
export const watchFirstChart = `(() => {
  const selector = ${JSON.stringify(FIRST_CHART_SELECTOR)};
  const observer = new MutationObserver(() => {
    if (window.__firstChartMs !== undefined || !document.querySelector(selector)) return;
    window.__firstChartMs = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

/**
 * For page.evaluate: the paths of the scripts whose response had ended `ms` after navigation start (the page's
 * resource timing), i.e. what the first chart could have waited for.
 */
export function scriptsArrivedBy(ms: number): string {
  return `performance.getEntriesByType("resource")
    .filter((entry) => entry.responseEnd <= ${ms} && new URL(entry.name).pathname.endsWith(".js"))
    .map((entry) => new URL(entry.name).pathname)`;
}
