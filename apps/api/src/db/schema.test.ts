import { execFile } from "node:child_process";
import { cp, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { apiPackageDir } from "../config/env";

// drizzle-kit only takes an output folder relative to the working directory.
const scratch = join(".cache", `drizzle-check-${process.pid}`);
afterAll(() => rm(join(apiPackageDir, scratch), { recursive: true, force: true }));

describe("migrations", () => {
  it("cover every change of src/db/schema.ts (drizzle-kit has nothing to generate)", async () => {
    await cp(join(apiPackageDir, "drizzle"), join(apiPackageDir, scratch), { recursive: true });
    const drizzleKit = join(dirname(fileURLToPath(import.meta.resolve("drizzle-kit"))), "bin.cjs");
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [drizzleKit, "generate", "--dialect=postgresql", "--schema=./src/db/schema.ts", `--out=${scratch}`],
      { cwd: apiPackageDir },
    );
    expect(stdout).toContain("No schema changes");
  });
});
