/**
 * The server's folders form one hierarchy (docs/architecture.md): a folder imports only from folders below it.
 * `npm run check` runs this: an import against the order fails it.
 *
 * From the bottom: domain (vocabularies) → lib (utilities) → config → db → kernel (what every module shares: errors,
 * the request context, the job queue) → the modules, in this order → jobs and http (which assemble the app from
 * the modules) → main (with server.ts, what it starts, and logger.ts).
 */
const SRC = "^apps/api/src/";
const modules = [
  "mail",
  "website",
  "imports",
  "system",
  "accounts",
  "auth",
  "billing",
  "user",
  "branding",
  "workspace",
  "sso",
  "brand",
  "connectors",
  "analytics",
  "sample",
  "digest",
  "alerts",
  // Shared reports (issue 32): reads every module's answers, so above them all.
  "shared-reports",
];
const layers = [
  "domain/",
  "lib/",
  "config/",
  "db/",
  "kernel/",
  ...modules.map((name) => `modules/${name}/`),
  "(jobs|http)/",
  "((main|logger|server)\\.ts$|operator/)",
];

/**
 * Deny by default: a file outside every layer (a new folder, a new top-level file) fails the check until it is placed
 * in the order above, whether it imports or is imported; so no folder goes unchecked because nobody listed it.
 */
const placed = layers.map((layer) => `${SRC}${layer}`);
const unplaced = [
  {
    name: "every-file-in-a-layer",
    comment:
      "Every file of apps/api/src sits in a declared layer: place a new folder in .dependency-cruiser.cjs.",
    severity: "error",
    from: { path: SRC, pathNot: placed },
    to: {},
  },
  {
    name: "no-import-of-an-unplaced-file",
    comment:
      "Every file of apps/api/src sits in a declared layer: place a new folder in .dependency-cruiser.cjs.",
    severity: "error",
    from: {},
    to: { path: SRC, pathNot: placed },
  },
];

/** No layer imports a layer above it. */
const upward = layers.slice(0, -1).map((layer, index) => ({
  name: `no-upward-from-${layer.replace(/[^a-z]+/g, "-").replace(/-+$/, "")}`,
  comment: "A folder imports only from the folders below it (docs/architecture.md).",
  severity: "error",
  from: { path: `${SRC}${layer}` },
  to: { path: layers.slice(index + 1).map((above) => `${SRC}${above}`) },
}));

/**
 * Each module's public face is its `index.ts`: another module imports from it (`../brand`), never a file behind it
 * (`../brand/brand.repo`), so what a module lends out is named in one place. Inside a module, files import each
 * other directly, never their own face, which would make a cycle through it.
 */
const MODULE = "^apps/api/src/modules/([^/]+)/";
const faces = [
  {
    name: "modules-through-their-face",
    comment:
      'Another module is imported through its index.ts (docs/architecture.md "Module faces"): name there what it lends.',
    severity: "error",
    from: { path: MODULE },
    to: {
      path: "^apps/api/src/modules/[^/]+/",
      pathNot: ["^apps/api/src/modules/$1/", "^apps/api/src/modules/[^/]+/index\\.ts$"],
    },
  },
  {
    name: "no-import-of-its-own-face",
    comment: "A module's files import each other directly; its index.ts is for the other modules.",
    severity: "error",
    from: { path: MODULE, pathNot: "^apps/api/src/modules/[^/]+/index\\.ts$" },
    to: { path: "^apps/api/src/modules/$1/index\\.ts$" },
  },
];

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "No file imports, through others, itself.",
      severity: "error",
      from: { path: SRC },
      to: { circular: true },
    },
    ...unplaced,
    ...upward,
    ...faces,
  ],
  options: {
    includeOnly: SRC,
    exclude: { path: "\\.test\\.ts$" },
    tsConfig: { fileName: "apps/api/tsconfig.json" },
    tsPreCompilationDeps: true,
  },
};
