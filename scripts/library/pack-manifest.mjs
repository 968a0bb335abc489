// npm does not apply `publishConfig.exports` (npm 11 applies only registry settings from publishConfig), and inside
// the monorepo `exports` must keep pointing at src (docs/architecture.md "Packages"). So a library package (ui,
// charts) packs with a manifest rewritten for the tarball and puts its own back afterwards:
//
//   "prepack":  "npm run build && node ../../scripts/library/pack-manifest.mjs prepack"
//   "postpack": "node ../../scripts/library/pack-manifest.mjs postpack"
//
// The packed package.json: `exports` = `publishConfig.exports` (dist), internal "*" dependencies pinned to the
// workspace's version, no scripts or devDependencies. The original text is kept byte for byte in
// .cache/pack/package.json until postpack restores it. npm runs both scripts for `npm pack` and `npm publish`
// (not with --ignore-scripts: then the tarball would point at src, which it does not contain).
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, resolve } from "node:path";

const packageDir = process.cwd();
const manifestPath = join(packageDir, "package.json");
const backupPath = join(packageDir, ".cache/pack/package.json");
const repoRoot = resolve(import.meta.dirname, "../..");
const step = process.argv[2];

if (step === "prepack") prepack();
else if (step === "postpack") postpack();
else {
  console.error("usage: pack-manifest.mjs prepack|postpack");
  process.exit(2);
}

function prepack() {
  if (existsSync(backupPath)) {
    console.error(
      `${backupPath} exists: an earlier pack did not finish, so package.json may be the packed one.\n` +
        `Compare the two, then restore with: node ${join(repoRoot, "scripts/library/pack-manifest.mjs")} postpack`,
    );
    process.exit(1);
  }
  const text = readFileSync(manifestPath, "utf8");
  const manifest = JSON.parse(text);
  const { exports: distExports, ...otherPublishConfig } = manifest.publishConfig ?? {};
  if (!distExports) {
    console.error(`${manifestPath}: publishConfig.exports (the dist entry points) is missing`);
    process.exit(1);
  }
  for (const target of exportTargets(distExports)) {
    if (!target.includes("*") && !existsSync(join(packageDir, target))) {
      console.error(`publishConfig.exports points at ${target}, which is not built: run npm run build`);
      process.exit(1);
    }
  }

  const packed = { ...manifest, exports: distExports };
  delete packed.scripts;
  delete packed.devDependencies;
  if (Object.keys(otherPublishConfig).length > 0) packed.publishConfig = otherPublishConfig;
  else delete packed.publishConfig;
  for (const field of ["dependencies", "peerDependencies"]) {
    for (const [name, range] of Object.entries(packed[field] ?? {})) {
      if (range === "*" && name.startsWith("@brandscope/"))
        packed[field] = { ...packed[field], [name]: `^${workspaceVersion(name)}` };
    }
  }

  mkdirSync(dirname(backupPath), { recursive: true });
  writeFileSync(backupPath, text);
  writeFileSync(manifestPath, `${JSON.stringify(packed, null, 2)}\n`);
}

function postpack() {
  if (!existsSync(backupPath)) {
    console.error(`${backupPath} is missing: nothing to restore`);
    process.exit(1);
  }
  renameSync(backupPath, manifestPath);
  rmdirSync(dirname(backupPath));
}

function exportTargets(value) {
  if (typeof value === "string") return [value];
  return Object.values(value ?? {}).flatMap(exportTargets);
}

/** The version in the workspace's own package.json (the source changesets bumps), not a node_modules link's. */
function workspaceVersion(name) {
  for (const folder of readdirSync(join(repoRoot, "packages"))) {
    const path = join(repoRoot, "packages", folder, "package.json");
    if (!existsSync(path)) continue;
    const manifest = JSON.parse(readFileSync(path, "utf8"));
    if (manifest.name === name) return manifest.version;
  }
  throw new Error(`${name} is not a workspace under packages/`);
}
