import { readdir, readFile, rename, rm } from "node:fs/promises";
import { extname, join, relative, sep } from "node:path";
import type { Logger } from "pino";
import { isErrno } from "../lib/errno";
import { type FileStorage, isStorageKey } from "./storage";

const CONTENT_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
};

/**
 * Pictures used to be files under DATA_DIR/uploads. The first start of an install upgraded in place copies them
 * into the storage (PostgreSQL) under the same keys, so every stored /media URL still works, then renames the
 * folder to uploads.imported, which the operator may delete. An interrupted import simply runs again: a copy
 * replaces its key.
 */
export async function importLocalUploads(dataDir: string, storage: FileStorage, log: Logger): Promise<void> {
  const root = join(dataDir, "uploads");
  let paths: string[];
  try {
    paths = await filesUnder(root);
  } catch (error) {
    if (isErrno(error, "ENOENT")) return;
    throw error;
  }
  // The old storage made the folder at every start: an empty one is not an upload.
  if (paths.length === 0) return rm(root, { recursive: true });
  let imported = 0;
  for (const path of paths) {
    const key = relative(root, path).split(sep).join("/");
    // Half-written files of the old storage end in .tmp; anything else it could not have written is left alone.
    if (key.endsWith(".tmp") || !isStorageKey(key)) continue;
    const contentType = CONTENT_TYPES[extname(key).toLowerCase()] ?? "application/octet-stream";
    await storage.put(key, await readFile(path), contentType);
    imported++;
  }
  const kept = `${root}.imported`;
  await rename(root, kept);
  log.info(`Imported ${imported} uploaded files from ${root} into the database; ${kept} may be deleted`);
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}
