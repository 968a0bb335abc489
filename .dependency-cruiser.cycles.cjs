/**
 * No import cycle in any workspace: the web app and its browser tests, the packages and their tests, the server and
 * its tests (the server's layers are checked apart, in .dependency-cruiser.cjs, which leaves its tests out; the web
 * app's tsconfig resolves the server too, whose imports are relative). Type-only imports count
 * (`tsPreCompilationDeps`), and so do lazy `import()`s: a lazily loaded module that imports back from its loader is
 * a cycle too, which shared parts in a module of their own avoid
 * (packages/ui/src/components/brand-switcher/parts.tsx). `npm run check` runs it.
 *
 * It also holds that the benchmarks and the web app's browser tests reach the API only through the entries its
 * package declares (`@brandscope/api/bench-support`, `@brandscope/api/test-support`: apps/api/package.json), never
 * a file behind them.
 */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "No file imports, through others, itself.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "api-through-its-entries",
      comment:
        "Benchmarks and browser tests import the API through @brandscope/api/bench-support or /test-support (apps/api/test/bench-support.ts, test-support.ts).",
      severity: "error",
      from: { path: "^(scripts/|apps/web/e2e/)" },
      to: { path: "^apps/api/", pathNot: "^apps/api/test/(bench|test)-support\\.ts$" },
    },
  ],
  options: {
    includeOnly: "^(apps/(web|api)/(src|e2e|test)|packages/[^/]+/(src|test)|scripts/(bench|measure-web))/",
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "apps/web/tsconfig.json" },
  },
};
