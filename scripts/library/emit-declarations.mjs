// Emits the .d.ts files of a library package (ui, charts) from its tsconfig.build.json: `node emit-declarations.mjs`
// in the package folder. Same as `tsc -p tsconfig.build.json`, except that relative specifiers get the `.js` of the
// module they name (`../lib/cn` gets `.js`), so the types also resolve for consumers whose TypeScript uses
// `moduleResolution: node16/nodenext`, not only `bundler`. Sources keep their extensionless imports.
import { existsSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

const packageDir = process.cwd();
const configPath = join(packageDir, "tsconfig.build.json");
const { config, error } = ts.readConfigFile(configPath, ts.sys.readFile);
if (error) fail([error]);
const parsed = ts.parseJsonConfigFileContent(config, ts.sys, packageDir, undefined, configPath);
if (parsed.errors.length > 0) fail(parsed.errors);
const { rootDir, outDir } = parsed.options;
if (!rootDir || !outDir || !parsed.options.emitDeclarationOnly) {
  console.error(`${configPath}: set rootDir, outDir and emitDeclarationOnly`);
  process.exit(1);
}

const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options });
const diagnostics = ts.getPreEmitDiagnostics(program);
if (diagnostics.length > 0) fail(diagnostics);

const sourceExtensions = [".ts", ".tsx", ".d.ts"];
/** A specifier written in `fromFile` (an output path) with the `.js` of its source module, checked against the sources. */
function withExtension(fromFile, specifier) {
  const sourceDir = resolve(rootDir, relative(outDir, dirname(fromFile)));
  const target = resolve(sourceDir, specifier);
  if (sourceExtensions.some((extension) => existsSync(target + extension))) return `${specifier}.js`;
  if (sourceExtensions.some((extension) => existsSync(join(target, `index${extension}`))))
    return `${specifier}/index.js`;
  return specifier; // already has an extension (e.g. ".css", ".json"), or not ours to fix
}
const relativeSpecifier = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(["'])(\.{1,2}\/[^"']+)\2/g;

let written = 0;
const emitted = program.emit(
  undefined,
  (fileName, text) => {
    const fixed = text.replace(
      relativeSpecifier,
      (_, prefix, quote, specifier) => `${prefix}${quote}${withExtension(fileName, specifier)}${quote}`,
    );
    ts.sys.writeFile(fileName, fixed);
    written += 1;
  },
  undefined,
  true,
);
if (emitted.diagnostics.length > 0) fail(emitted.diagnostics);
console.log(`${written} declaration files → ${relative(packageDir, outDir)}/`);

function fail(list) {
  const host = {
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => packageDir,
    getNewLine: () => "\n",
  };
  console.error(ts.formatDiagnosticsWithColorAndContext(list, host));
  process.exit(1);
}
