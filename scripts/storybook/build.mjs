// `npm run build-storybook`: builds the design system's Storybook (stories and the docs pages) and fails when the
// build printed a warning, so a docs page that stops resolving or a new bundler complaint is seen in `npm test`
// rather than scrolled past (docs/design-system.md "Storybook"). The build's own output is passed through.
import { spawn } from "node:child_process";

const build = spawn("npm", ["run", "build-storybook", "-w", "@brandscope/ui", "--", "--quiet"], {
  stdio: ["ignore", "pipe", "pipe"],
});
let output = "";
for (const stream of [build.stdout, build.stderr]) {
  stream.on("data", (chunk) => {
    output += chunk;
    process.stdout.write(chunk);
  });
}
build.on("close", (code) => {
  if (code !== 0) process.exit(code ?? 1);
  // Storybook's logger marks a warning with ▲ (Vite's own come through it), older tools with WARN or "(!)".
  const warnings = output.split("\n").filter((line) => /▲|\bWARN\b|\(!\)/.test(line));
  if (warnings.length > 0) {
    console.error(
      `\nThe Storybook build printed ${warnings.length} warning line(s):\n${warnings.join("\n")}`,
    );
    process.exit(1);
  }
});
