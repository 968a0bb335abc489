import { rm } from "node:fs/promises";

/** Vitest global setup: a run's diff pictures are its own, so the last run's go before the stories start. */
export default async function removeLastRunsDiffs(): Promise<void> {
  await rm(new URL("../.cache/visual-diffs", import.meta.url), { recursive: true, force: true });
}
