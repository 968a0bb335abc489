import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import pkg from "./package.json" with { type: "json" };

/*
 * The library build (`npm run build`): what products outside the monorepo install. Inside the monorepo
 * nothing reads dist/: `exports` point at src and the app compiles it (docs/architecture.md "Packages").
 *
 *   vite build -c vite.lib.config.ts             → dist/components/*.js, dist/lib/*.js (ESM, one module per
 *                                                  source file, dependencies external)
 *   vite build -c vite.lib.config.ts --mode css  → dist/styles.css (prebuilt Tailwind: preflight, tokens,
 *                                                  Inter, every utility the components use) + dist/fonts/,
 *                                                  and dist/theme.css for consumers who run Tailwind themselves
 *   tsc -p tsconfig.build.json                   → the .d.ts files next to the JS
 *
 * The CSS is a separate, non-library build because library mode inlines every asset as base64: all seven Inter
 * subsets would land in styles.css instead of being fetched by unicode-range when a page needs them.
 */

const external = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies)];
const isExternal = (id: string) => external.some((name) => id === name || id.startsWith(`${name}/`));

const entries = [
  // Node 20 has no fs.globSync; `recursive` also picks up components/combobox/parts.tsx.
  ...readdirSync("src/components", { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".tsx") && !file.endsWith(".stories.tsx"))
    .map((file) => `src/components/${file}`),
  "src/lib/cn.ts",
  "src/lib/format.ts",
  "src/lib/use-media-query.ts",
];

export default defineConfig(({ mode }) =>
  mode === "css"
    ? {
        plugins: [tailwindcss(), copyThemeSources()],
        publicDir: false,
        // url(./fonts/…) relative to styles.css, wherever the consumer serves it from.
        base: "./",
        build: {
          outDir: "dist",
          emptyOutDir: false,
          assetsInlineLimit: 0,
          cssMinify: true,
          rolldownOptions: {
            input: { styles: resolve(import.meta.dirname, "src/styles/library.css") },
            output: {
              assetFileNames: (asset) =>
                asset.names[0]?.endsWith(".css") ? "[name][extname]" : "fonts/[name]-[hash][extname]",
            },
          },
        },
      }
    : {
        publicDir: false,
        // Production JSX (react/jsx-runtime) whatever NODE_ENV says: a shell or test runner with NODE_ENV=development
        // or test would otherwise emit jsxDEV calls, which React's production build does not provide.
        oxc: { jsx: { runtime: "automatic", development: false } },
        build: {
          outDir: "dist",
          emptyOutDir: true,
          minify: false,
          sourcemap: true,
          target: "es2022",
          lib: { entry: entries, formats: ["es"] },
          rolldownOptions: {
            external: isExternal,
            output: { preserveModules: true, preserveModulesRoot: "src", entryFileNames: "[name].js" },
          },
        },
      },
);

/** dist/theme.css is the source theme as written (Tailwind directives included) for consumers running Tailwind v4. */
function copyThemeSources() {
  return {
    name: "brandscope:copy-theme-sources",
    generateBundle(this: { emitFile: (file: { type: "asset"; fileName: string; source: string }) => void }) {
      for (const file of ["theme.css", "chart-palette.css"]) {
        this.emitFile({
          type: "asset",
          fileName: file,
          source: readFileSync(resolve(import.meta.dirname, "src/styles", file), "utf8"),
        });
      }
    },
  };
}
