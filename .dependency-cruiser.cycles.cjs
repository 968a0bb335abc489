/**
 * No import cycle in the web app and the packages (the server has its own check, with its layers, in
 * .dependency-cruiser.cjs). Type-only imports count (`tsPreCompilationDeps`), and so do lazy `import()`s: a lazily
 * loaded module that imports back from its loader is a cycle too, which shared parts in a module of their own avoid
 * (packages/ui/src/components/brand-switcher/parts.tsx). `npm run check` runs it.
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
  ],
  options: {
    includeOnly: "^(apps/web|packages/[^/]+)/src/",
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "apps/web/tsconfig.json" },
  },
};
