import type { Plugin } from "vite";
import { createServer } from "vite";

/**
 * The pages written beside index.html, each the same document with its page rendered into #root by `render` of
 * `module` (through Vite's SSR loader, with the app's own config). /sign-in is the whole page; /report is the
 * shared report's frame and header with placeholders, which the server fills with a link's report.
 */
const PAGES = [
  {
    fileName: "sign-in.html",
    path: "/sign-in",
    module: "/src/prerender/sign-in.tsx",
    render: "renderSignInPage",
  },
  {
    fileName: "report.html",
    path: "/report",
    module: "/src/prerender/report.tsx",
    render: "renderReportTemplate",
  },
] as const;

/** Where the page goes: with `data-prerendered` (its path), read by routes/-components/page-fade.tsx. */
const ROOT = '<div id="root"></div>';

/**
 * Writes the PAGES beside `index.html`, which the server sends for their paths (apps/api/src/http/web-app.ts), and
 * preloads the Latin font from every document's head. The app then renders over the prerendered markup
 * (createRoot, not hydration: the markup is the same, and a form's state starts empty either way). Emitted in
 * generateBundle, before the precompress plugin compresses what was written.
 */
export function prerender(): Plugin {
  let root = process.cwd();
  return {
    name: "brandscope-prerender",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_options, bundle) {
      const index = bundle["index.html"];
      if (index?.type !== "asset") throw new Error("prerender: the build has no index.html");
      const html = withFontPreload(String(index.source), Object.keys(bundle));
      index.source = html;
      if (!html.includes(ROOT)) throw new Error(`prerender: index.html lost its ${ROOT}`);
      const server = await createServer({
        root,
        logLevel: "error",
        server: { middlewareMode: true, hmr: false, ws: false },
        appType: "custom",
      });
      // The app's modules listen to the window at load (lib/auth.ts follows other tabs' sign-ins through
      // "storage" events): Node has no window, and a page rendered once at build time hears no event.
      const global = globalThis as { addEventListener?: unknown };
      const hadListener = "addEventListener" in global;
      if (!hadListener) global.addEventListener = () => undefined;
      try {
        const pages = await Promise.all(
          PAGES.map(async (page) => {
            const module = (await server.ssrLoadModule(page.module)) as Record<string, () => string>;
            const render = module[page.render];
            if (!render) throw new Error(`prerender: ${page.module} has no ${page.render}`);
            return { ...page, markup: render() };
          }),
        );
        for (const page of pages) {
          this.emitFile({
            type: "asset",
            fileName: page.fileName,
            source: afterFirstPaint(
              html.replace(
                ROOT,
                `<div id="root" data-prerendered="${page.path}">${untilTheAppRuns(page.markup)}</div>`,
              ),
            ),
          });
        }
      } finally {
        if (!hadListener) delete global.addEventListener;
        await server.close();
      }
    },
  };
}

/** Inter's Latin letters, in every page's text: the other subsets load only where a page uses their letters. */
const LATIN_FONT = /^assets\/inter-latin-wght-normal-[\w-]+\.woff2$/;

/**
 * The prerendered markup is a picture of the page until the app renders over it: inert (no focus, no click, no
 * Enter that would submit its form natively, with what was typed in the address) and its fields read-only, so
 * nothing is typed that the app's render would then throw away. Browser tests that fill a field or click a
 * button wait for the app's, as a reader does (Playwright waits for an editable field and a clickable button).
 */
function untilTheAppRuns(markup: string): string {
  return `<div inert>${markup.replaceAll("<input ", '<input readonly="" ')}</div>`;
}

/**
 * Asks for Inter's Latin file from the head, beside the stylesheet, instead of once the stylesheet is parsed and
 * the page laid out: the text is painted again in Inter when it arrives (font-display: swap), and Inter's wider
 * letters make that second paint the largest one, so the largest contentful paint waited for the font's late
 * start (measured on /sign-in: the testimonial's paint at 596 ms, the font requested at 338 ms after the
 * stylesheet, on an unthrottled trace).
 */
function withFontPreload(html: string, files: string[]): string {
  const font = files.find((file) => LATIN_FONT.test(file));
  if (!font) throw new Error("prerender: the build has no Inter Latin font file");
  const preload = `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${font}">`;
  return html.replace("</head>", `  ${preload}\n  </head>`);
}

const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="[^"]+">/g;
const COLOR_MODE = '<script src="/color-mode.js"></script>';

/**
 * The page's scripts started once it has painted instead of from its head: public/color-mode.js, which runs in the
 * head anyway, imports `data-app` after the next frame (at once in a hidden tab, which paints no frame). With the
 * page in the HTML, its first paint needs only the HTML, the stylesheet and the font, and a slow network carries
 * those first. The entry's own imports are asked for once it has arrived (no module preloads: each would start in
 * the head). On /sign-in with Lighthouse's default throttling, the page prerendered but its scripts in the head:
 * largest contentful paint 3607 ms (its scripts arrived before the paint, and the paint waited for them); started
 * after the first paint, with the font preloaded: 1425 ms (docs/design-system.md "The first paint").
 */
function afterFirstPaint(html: string): string {
  const entry = ENTRY.exec(html)?.[1];
  if (!entry || !html.includes(COLOR_MODE))
    throw new Error("prerender: index.html lost its entry or color-mode.js");
  return html
    .replace(ENTRY, "")
    .replace(PRELOAD, "")
    .replace(COLOR_MODE, `<script src="/color-mode.js" data-app="${entry}"></script>`);
}
