import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { bundleReport } from "./build/bundle-report.ts";
import { precompress } from "./build/precompress.ts";
import { prerender } from "./build/prerender.ts";

// `npm run dev` runs the API beside Vite; the browser sees one origin, as in production.
const api = { "/api": `http://localhost:${process.env.API_PORT ?? "8081"}` };

export default defineConfig({
  // The router plugin rewrites route files before React's transform sees them, so it comes first.
  plugins: [
    tanstackRouter({ target: "react", autoCodeSplitting: true }),
    react(),
    tailwindcss(),
    bundleReport(),
    prerender(),
    precompress(),
  ],
  resolve: {
    tsconfigPaths: true,
    // TanStack Form's devtools channel does nothing without the devtools, which the app does not ship.
    alias: {
      "@tanstack/devtools-event-client": fileURLToPath(
        new URL("./build/devtools-event-client-stub.ts", import.meta.url),
      ),
    },
  },
  build: {
    // Every browser the app supports (docs/product.md §9: current Chromium, Firefox, Safari) has modulepreload.
    modulePreload: { polyfill: false },
    // Hash-only file names: every route's preload list names its chunks, and descriptive names cost /sign-in
    // about half a kilobyte of its 150 KB budget. build/bundle-report.ts maps each file to its modules.
    rolldownOptions: {
      output: {
        entryFileNames: "assets/[hash].js",
        chunkFileNames: "assets/[hash].js",
        // Tiny modules that /sign-in shares with many screens go in one chunk with what they import (React, the
        // router, zod's core: every screen loads those), rather than a file each: 25 files became 15 and 150.2 KB
        // became 148.0 KB of the sign-in budget (e2e/bundle.e2e.test.ts), as each file costs a request, its
        // imports and a gzip frame. The logo, the narrow-screen notice and class-variance-authority joined when
        // the brand switcher, SSO and branding had brought /sign-in to 150.2 KB: 15 files became 11. The auth
        // screens' frame (features/auth/auth-screen.tsx) joined when the prerendered sign-in page's loader had.
        codeSplitting: {
          groups: [
            {
              name: "shared-small",
              test: /apps[\\/]web[\\/]src[\\/](features[\\/]auth[\\/](auth-screen|paths|schemas)|lib[\\/]problem|routes[\\/]-components[\\/](page-fade|wide-screen-only))\.tsx?$|packages[\\/]ui[\\/]src[\\/](lib[\\/]use-media-query\.ts|components[\\/](logo|narrow-screen-notice)\.tsx)$|node_modules[\\/]class-variance-authority[\\/]/,
            },
            // What every module screen draws around its figures (the brand gate, the period, figure cards, the
            // chart wrappers, post cards, exports), in one chunk rather than some twenty files of under a
            // kilobyte: /content's first load waited on those requests, queued six at a time over HTTP/1.1.
            // None of it is on /sign-in (e2e/bundle.e2e.test.ts). Only these modules: what they import (React Query,
            // the API client, class merging) stays where the sign-in route already loads it. Not stored-area.ts: the
            // session check's reference lists use it, and it would bring this whole chunk before GET /user/me.
            {
              name: "module-screens",
              includeDependenciesRecursively: false,
              test: /apps[\\/]web[\\/]src[\\/]features[\\/]modules[\\/](brand-gate|charts|export-button|export|figure-card|format|module-page|mutations|period|post-card|provenance-line|queries|query-error|sources-failed)\.tsx?$|packages[\\/]ui[\\/]src[\\/](components[\\/](badge|empty-state|error-state|section-state|period-picker|stat-card|figure-delta|provenance-note|skeleton)\.tsx|lib[\\/](format|use-controllable-state)\.ts)$|packages[\\/]charts[\\/]src[\\/](legend\.tsx|networks\.ts|shared[\\/]chart-legend\.tsx|theme[\\/]networks\.ts)$/,
            },
          ],
        },
      },
    },
  },
  server: { port: Number(process.env.PORT ?? 8080), strictPort: true, proxy: api },
  preview: { proxy: api },
});
