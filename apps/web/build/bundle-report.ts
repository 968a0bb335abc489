import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import type { Plugin } from "vite";

const repoRoot = resolve(import.meta.dirname, "../../..");
export const bundleReportPath = resolve(import.meta.dirname, "../.cache/bundle-report.json");

/** Which chunk holds which modules, keyed by file name: what the bundle budget test checks a route against. */
export type BundleReport = Record<
  string,
  { modules: string[]; imports: string[]; dynamicImports: string[]; renderedBytes: Record<string, number> }
>;

// Kept out of dist so the built app never publishes the source layout.
export function bundleReport(): Plugin {
  return {
    name: "brandscope-bundle-report",
    apply: "build",
    generateBundle(_options, bundle) {
      const report: BundleReport = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        const path = (id: string) => relative(repoRoot, id.replace(/^\0/, "").replace(/\?.*$/, ""));
        report[output.fileName] = {
          modules: output.moduleIds.map(path),
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          // Minified, before compression: where a chunk's weight comes from.
          renderedBytes: Object.fromEntries(
            Object.entries(output.modules).map(([id, module]) => [path(id), module.renderedLength]),
          ),
        };
      }
      mkdirSync(dirname(bundleReportPath), { recursive: true });
      writeFileSync(bundleReportPath, `${JSON.stringify(report, null, 2)}\n`);
    },
  };
}
