// Keeps the references to docs/ resolving (docs/README.md "How code cites these pages"). Every text file of the
// repository is read: a cited docs file must exist, and so must each heading quoted and each section numbered after
// it; a bare § outside the analytics module must follow the file it belongs to; a document that is not in the
// repository must not be cited at all. Markdown links in docs/ and the README must reach a file and a heading. A file
// path named in a code comment must exist, read from the repository's root, from `apps/api/src/` or its `modules/`,
// from the package's `src/`, or from a folder that holds the commenting file. Run by `npm run check`.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, posix, relative, resolve } from "node:path";
import { test } from "node:test";

const root = resolve(import.meta.dirname, "../..");
const self = relative(root, import.meta.filename)
  .split("\\")
  .join("/");

/** Where a bare `§1.2` means a section of the analytics methods. */
const BARE_SECTION_HOMES = [{ folder: "apps/api/src/modules/analytics/", doc: "docs/analytics-methods.md" }];

/** Documents kept outside the repository, or cited without the docs/ folder: they cannot be followed from a clone. */
const OUTSIDE = [
  {
    pattern: /(?<![\w/-])decisions\.md/g,
    say: 'decisions.md without docs/: write docs/decisions.md "Heading"',
  },
  {
    pattern: /(?<!docs\/)\banalytics-methods\b/g,
    say: "analytics-methods without docs/: write docs/analytics-methods.md §N",
  },
  { pattern: /\bproduct-spec\b/g, say: "product-spec is not in the repository: cite docs/product.md §N" },
  { pattern: /\bspec\s*§/gi, say: "the spec is not in the repository: cite docs/product.md §N" },
  {
    pattern: /\bthe spec\b|\bspec's\b|\(spec\b/gi,
    say: "the spec is not in the repository: cite docs/product.md §N",
  },
  { pattern: /\bstyle[- ]guide\b/gi, say: "the style guide is not in the repository: cite a docs/ page" },
  {
    pattern: /\btoolchain-notes\b/g,
    say: "toolchain-notes is not in the repository: cite docs/operations.md",
  },
  {
    pattern: /\bREADME §/g,
    say: "README §N names no file in the repository: cite docs/import-formats.md §N",
  },
  { pattern: /\bshared\/[\w./-]+\.md\b/g, say: "../shared is not in the repository: cite a docs/ page" },
];

const SECTION = String.raw`§\s?(\d+(?:\.\d+)*)(?:\s?[–-]\s?(\d+(?:\.\d+)*))?`;
const QUOTED = String.raw`"([^"\n]+)"|“([^”\n]+)”`;
/** What may follow a cited file: sections and quoted headings, separated by commas, slashes or "and". */
const TAIL = new RegExp(String.raw`^(?:\s*(?:,|/|and)?\s*(?:${SECTION}|${QUOTED}))+`, "u");
const ITEM = new RegExp(`${SECTION}|${QUOTED}`, "gu");
const DOC_REF = /(?<![\w./-])docs\/([\w./-]*[\w-]\.md|adr\/)/g;
const BARE = /§\s?\d/g;
const MARKDOWN_LINK = /\[[^\]\n]*\]\(([^)\s]+)\)/g;

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slugOf(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The headings of a markdown text (outside code fences): the text, its section number and its anchor. */
function headingsOf(markdown) {
  const headings = [];
  const seen = new Map();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const match = !fenced && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!match) continue;
    const text = match[1];
    const numbered = /^(?:§\s?)?(\d+(?:\.\d+)*)\.?\s+(.*)$/.exec(text);
    const base = slugOf(text);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    headings.push({
      text,
      number: numbered?.[1],
      title: numbered ? numbered[2] : text,
      anchor: count === 0 ? base : `${base}-${count}`,
    });
  }
  return headings;
}

const normal = (text) => text.trim().replace(/\s+/g, " ").toLowerCase();

/** What is wrong with the sections and quoted headings of one reference to `doc` (none when they all exist). */
function tailProblems(doc, tail, docs) {
  const headings = docs.get(doc);
  if (!headings) return [`${doc} does not exist`];
  const problems = [];
  for (const item of tail.matchAll(ITEM)) {
    const [, from, to, straight, curly] = item;
    for (const number of [from, to].filter(Boolean)) {
      if (!headings.some((h) => h.number === number)) problems.push(`${doc} has no section §${number}`);
    }
    const quoted = straight ?? curly;
    if (
      quoted &&
      !headings.some((h) => normal(h.title) === normal(quoted) || normal(h.text) === normal(quoted))
    ) {
      problems.push(`${doc} has no heading "${quoted}"`);
    }
  }
  return problems;
}

const lineOf = (text, index) => text.slice(0, index).split("\n").length;

/**
 * The problems of the `docs/…` references in a text, and the spans their sections and headings take (so those
 * are not read again as bare sections).
 */
function docReferences(path, text, docs) {
  const problems = [];
  const covered = [];
  for (const ref of text.matchAll(DOC_REF)) {
    const doc = `docs/${ref[1]}`;
    const after = ref.index + ref[0].length;
    const tail = TAIL.exec(text.slice(after))?.[0] ?? "";
    covered.push([after, after + tail.length]);
    for (const message of tailProblems(doc, tail, docs)) {
      problems.push(`${path}:${lineOf(text, ref.index)}: ${message}`);
    }
  }
  return { problems, covered };
}

/**
 * The problems of one source file's references. `docs` maps each docs/ path (and "docs/adr/") to its headings.
 * Pure, so the rules can be tried on made-up text.
 */
function sourceProblems(path, text, docs) {
  const { problems, covered } = docReferences(path, text, docs);
  const report = (index, message) => problems.push(`${path}:${lineOf(text, index)}: ${message}`);
  const home = BARE_SECTION_HOMES.find((h) => path.startsWith(h.folder));
  for (const bare of text.matchAll(BARE)) {
    if (covered.some(([from, to]) => bare.index >= from && bare.index < to)) continue;
    if (/\bRFC\s?\d+[\s*/#]*$/.test(text.slice(Math.max(0, bare.index - 24), bare.index))) continue;
    if (!home) {
      report(bare.index, "a bare § names no file: write docs/<page>.md §N");
      continue;
    }
    const tail = TAIL.exec(text.slice(bare.index))?.[0] ?? "";
    covered.push([bare.index, bare.index + tail.length]);
    for (const message of tailProblems(home.doc, tail, docs)) report(bare.index, message);
  }
  for (const { pattern, say } of OUTSIDE) {
    for (const found of text.matchAll(pattern)) report(found.index, say);
  }
  return problems;
}

/** Relative markdown links that reach no file, or no heading of the file they name. */
function linkProblems(path, text, docs, exists) {
  const problems = [];
  for (const link of text.matchAll(MARKDOWN_LINK)) {
    const target = link[1];
    if (/^[a-z]+:/i.test(target) || target.startsWith("/")) continue;
    const [file, anchor] = target.split("#");
    const resolved = file ? posix.normalize(posix.join(posix.dirname(path), file)) : path;
    const where = `${path}:${lineOf(text, link.index)}`;
    if (!exists(resolved)) {
      problems.push(`${where}: ${target} does not exist`);
      continue;
    }
    const headings = docs.get(resolved);
    if (anchor && headings && !headings.some((h) => h.anchor === anchor)) {
      problems.push(`${where}: ${resolved} has no heading #${anchor}`);
    }
  }
  return problems;
}

const CODE_FILE = /\.[cm]?[jt]sx?$/;
/** A file path with at least one folder: `kernel/errors.ts`, `../shared/app.tsx`, `apps/web/e2e/browser.ts`. */
const FILE_PATH =
  /(?<![\w./:@~$<{*-])((?:\.{1,2}\/)?(?:[\w.-]+\/)+[\w.-]+\.(?:tsx?|mjs|cjs|js|sql|css|md|ya?ml|json|html|sh))(?![\w/])/g;
/** What a build or a run writes, never committed: named in comments as outputs, not as sources. */
const PRODUCED = /(?:^|\/)(?:dist|\.cache|results|node_modules|storybook-static)\//;

/**
 * The comments of a JavaScript or TypeScript text, with their offsets. A small scanner rather than a regular
 * expression, so that `"**\/*.css"` in a string or `https://` in a URL does not open a comment.
 */
function commentsOf(text) {
  const comments = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === "/" && text[i + 1] === "/") {
      const end = text.indexOf("\n", i);
      const to = end === -1 ? text.length : end;
      comments.push({ index: i, text: text.slice(i, to) });
      i = to;
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      const to = end === -1 ? text.length : end + 2;
      comments.push({ index: i, text: text.slice(i, to) });
      i = to;
    } else if (c === '"' || c === "'" || c === "`") {
      i += 1;
      while (i < text.length && text[i] !== c && (c === "`" || text[i] !== "\n"))
        i += text[i] === "\\" ? 2 : 1;
      i += 1;
    } else i += 1;
  }
  return comments;
}

/** The folders a path in `path`'s comments may be read from. */
function basesOf(path) {
  const bases = ["", "apps/api/src/", "apps/api/src/modules/"];
  const pkg = /^(?:apps|packages)\/[^/]+\//.exec(path)?.[0];
  if (pkg) bases.push(`${pkg}src/`);
  for (let dir = posix.dirname(path); dir !== "."; dir = posix.dirname(dir)) bases.push(`${dir}/`);
  return bases;
}

/** Paths named in a code file's comments that exist nowhere they could be read from. Pure: `exists` is given. */
function commentPathProblems(path, text, exists) {
  const problems = [];
  const bases = basesOf(path);
  for (const comment of commentsOf(text)) {
    for (const found of comment.text.matchAll(FILE_PATH)) {
      const named = found[1];
      if (PRODUCED.test(named)) continue;
      if (bases.some((base) => exists(posix.normalize(base + named)))) continue;
      problems.push(`${path}:${lineOf(text, comment.index + found.index)}: ${named} does not exist`);
    }
  }
  return problems;
}

const TEXT_FILE = /\.(?:[cm]?[jt]sx?|css|ya?ml|sql|md|sh|html)$|^\.ci\/|(?:^|\/)[^./]+$/;
const SKIPPED = [/package-lock\.json$/, /\/drizzle\/meta\//, /\.(?:png|jpe?g|webp|ico|woff2?)$/];

function repositoryFiles() {
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  });
  return [...new Set(listed.split("\0"))]
    .filter((path) => path && path !== self && existsSync(join(root, path)))
    .filter((path) => TEXT_FILE.test(path) && !SKIPPED.some((skip) => skip.test(path)));
}

function docsOf(files) {
  const docs = new Map();
  for (const path of files.filter((p) => p.startsWith("docs/") && p.endsWith(".md"))) {
    docs.set(path, headingsOf(readFileSync(join(root, path), "utf8")));
  }
  // The decision records' folder, cited as a whole.
  if (files.some((p) => p.startsWith("docs/adr/"))) docs.set("docs/adr/", []);
  return docs;
}

const fakeDocs = new Map([
  ["docs/decisions.md", headingsOf("# Decisions\n## Sandbox payments\n## E-mail\n")],
  ["docs/product.md", headingsOf("## 5 Forms\n### Sales form\n## 9 Constants\n")],
  [
    "docs/analytics-methods.md",
    headingsOf("## 1 Content\n### 1.2 Rates\n### 1.5 Posts\n## 2 Competitors\n### Averages\n"),
  ],
]);

test("a reference to an existing file, heading or section passes", () => {
  const text = [
    '// The sandbox (docs/decisions.md "Sandbox payments"), codes (docs/decisions.md "E-mail").',
    '/** docs/product.md §5 "Sales form", §9 and docs/product.md §5/§9; RFC 9112 §9.6 is a standard. */',
  ].join("\n");
  assert.deepEqual(sourceProblems("apps/web/src/x.ts", text, fakeDocs), []);
  const analytics = '/** §1.2: rates; §1.2–1.5; §2 "Averages". */';
  assert.deepEqual(sourceProblems("apps/api/src/modules/analytics/x.ts", analytics, fakeDocs), []);
});

test("a missing file, heading or section fails, with its line", () => {
  const text = [
    "// ok",
    '// docs/decisions.md "Sandbox payment" and docs/product.md §7, docs/nothing.md',
  ].join("\n");
  assert.deepEqual(sourceProblems("apps/web/src/x.ts", text, fakeDocs), [
    'apps/web/src/x.ts:2: docs/decisions.md has no heading "Sandbox payment"',
    "apps/web/src/x.ts:2: docs/product.md has no section §7",
    "apps/web/src/x.ts:2: docs/nothing.md does not exist",
  ]);
  const analytics = "/** §1.7 and §3 */";
  assert.deepEqual(sourceProblems("apps/api/src/modules/analytics/x.ts", analytics, fakeDocs), [
    "apps/api/src/modules/analytics/x.ts:1: docs/analytics-methods.md has no section §1.7",
    "apps/api/src/modules/analytics/x.ts:1: docs/analytics-methods.md has no section §3",
  ]);
});

test("documents outside the repository, and bare sections elsewhere, fail", () => {
  const cited = [
    '// decisions.md "Sandbox payments"',
    "// analytics-methods §1.2",
    "// spec §5's messages",
    "// The spec's order",
    "// (README §4)",
    "// style-guide §2",
  ];
  for (const line of cited) {
    assert.notDeepEqual(sourceProblems("packages/ui/src/x.ts", line, fakeDocs), [], line);
  }
  assert.deepEqual(sourceProblems("packages/ui/src/x.ts", "// (§2)", fakeDocs), [
    "packages/ui/src/x.ts:1: a bare § names no file: write docs/<page>.md §N",
  ]);
});

test("markdown links must reach a file and a heading", () => {
  const docs = new Map([["docs/a.md", headingsOf("## 1.6 Audit\n## Change vs previous period\n")]]);
  const exists = (path) => docs.has(path);
  const text =
    "[a](a.md#16-audit) [b](a.md#change-vs-previous-period) [c](a.md#nope) [d](b.md) [e](https://x.y)";
  assert.deepEqual(linkProblems("docs/c.md", text, docs, exists), [
    "docs/c.md:1: docs/a.md has no heading #nope",
    "docs/c.md:1: b.md does not exist",
  ]);
});

test("a path named in a code comment must exist; strings and produced files are not read", () => {
  const files = new Set(["apps/api/src/kernel/errors.ts", "apps/api/src/modules/brand/read-export.ts"]);
  const exists = (path) => files.has(path);
  const text = [
    "// kernel/errors.ts, brand/read-export.ts and apps/api/src/kernel/errors.ts exist; see https://x.y/a/b.js",
    'const glob = ["**/*.css"]; // dist/styles.css is built',
    "/* kernel/session-checks.ts was removed */",
    'const code = "// kernel/gone.ts is in a string";',
  ].join("\n");
  assert.deepEqual(commentPathProblems("apps/api/src/http/x.ts", text, exists), [
    "apps/api/src/http/x.ts:3: kernel/session-checks.ts does not exist",
  ]);
});

test("every reference in the repository resolves", () => {
  const files = repositoryFiles();
  const docs = docsOf(files);
  assert.ok(docs.size > 0, "docs/ holds no page");
  const exists = (path) => existsSync(join(root, path));
  const problems = [];
  for (const path of files) {
    const text = readFileSync(join(root, path), "utf8");
    if (path.endsWith(".md")) problems.push(...linkProblems(path, text, docs, exists));
    // The pages cite each other by link and may name what a comment must not; their `docs/…` examples resolve.
    if (path.startsWith("docs/")) problems.push(...docReferences(path, text, docs).problems);
    else problems.push(...sourceProblems(path, text, docs));
    if (CODE_FILE.test(path)) problems.push(...commentPathProblems(path, text, exists));
  }
  const unique = [...new Set(problems)];
  assert.deepEqual(unique, [], `References that do not resolve:\n${unique.join("\n")}`);
});
