import { chmod, mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "./embedded";

const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

describe("the embedded PostgreSQL under root", () => {
  it.skipIf(process.getuid?.() !== 0)(
    "says plainly when the postgres user cannot reach DATA_DIR",
    async () => {
      const home = await mkdtemp(join(tmpdir(), "brandscope-private-"));
      folders.push(home);
      await chmod(home, 0o700);
      const dataDir = join(home, "data");
      await mkdir(dataDir);
      const start = () => startEmbeddedPostgres({ dataDir, log: pino({ level: "silent" }) });
      await expect(start()).rejects.toThrow(
        `The embedded PostgreSQL cannot reach DATA_DIR ${dataDir}: as root the app runs it as the "postgres" user, ` +
          `who may not enter ${home} (mode 700).`,
      );
      // The failed start released DATA_DIR: trying again gives the same answer, not "in use".
      await expect(start()).rejects.toThrow("cannot reach DATA_DIR");
    },
  );
});
