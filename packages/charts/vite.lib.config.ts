import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import pkg from "./package.json" with { type: "json" };

/*
 * The library build (`npm run build`): what products outside the monorepo install. Inside the monorepo
 * nothing reads dist/: `exports` point at src and the app compiles it (docs/architecture.md "Packages").
 *
 *   vite build -c vite.lib.config.ts             → dist/<chart>.js per entry + the modules behind it (ESM, one
 *                                                  module per source file; nivo, @brandscope/ui, react, the
 *                                                  world map, … stay external dependencies)
 *   vite build -c vite.lib.config.ts --mode css  → dist/styles.css: only the utility classes the charts use (and
 *                                                  the Tailwind theme variables those need). Tokens, preflight
 *                                                  and the font come from @brandscope/ui/styles.css.
 *   node ../../scripts/library/emit-declarations.mjs → the .d.ts files next to the JS
 */

const external = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies)];
const isExternal = (id: string) => external.some((name) => id === name || id.startsWith(`${name}/`));

// The same entries the monorepo's `exports` give: "./*" → src/*.tsx, plus "./networks".
const entries = [
  ...readdirSync("src")
    .filter((file) => file.endsWith(".tsx") && !file.endsWith(".stories.tsx"))
    .map((file) => `src/${file}`),
  "src/networks.ts",
];

export default defineConfig(({ mode }) =>
  mode === "css"
    ? {
        plugins: [tailwindcss()],
        publicDir: false,
        base: "./",
        build: {
          outDir: "dist",
          emptyOutDir: false,
          cssMinify: true,
          rolldownOptions: {
            input: { styles: resolve(import.meta.dirname, "src/styles/library.css") },
            output: { assetFileNames: "[name][extname]" },
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
