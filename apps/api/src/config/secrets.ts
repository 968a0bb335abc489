import { link, mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { randomToken } from "../lib/crypto";
import { isErrno } from "../lib/errno";

export const newSecret = () => randomToken(48);

/**
 * A secret generated on first use and kept in DATA_DIR (mode 600): the embedded database's password, which is
 * needed before there is a database to keep it in. Written to a temporary file and hard-linked into place: two
 * apps starting at once both end up with the one that won.
 */
export async function readOrCreateSecret(dataDir: string, name: string): Promise<string> {
  await mkdir(dataDir, { recursive: true });
  const path = join(dataDir, name);
  const existing = await readSecret(path);
  if (existing) return existing;
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${newSecret()}\n`, { mode: 0o600 });
  try {
    await link(temporary, path);
  } catch (error) {
    if (!isErrno(error, "EEXIST")) throw error;
  } finally {
    await unlink(temporary);
  }
  const created = await readSecret(path);
  if (!created) throw new Error(`${path} is empty: delete it and start again`);
  return created;
}

export async function readSecret(path: string): Promise<string | undefined> {
  try {
    return (await readFile(path, "utf8")).trim() || undefined;
  } catch (error) {
    if (isErrno(error, "ENOENT")) return undefined;
    throw error;
  }
}
