/** What a script started (a database, a server, a browser), undone in reverse order on success, failure and Ctrl-C. */
export const cleanups: { name: string; run: () => Promise<void> }[] = [];

/** Undoes everything started so far; a step that fails is reported and the others still run. */
export async function cleanUp(): Promise<void> {
  for (const { name, run } of cleanups.splice(0).reverse()) {
    try {
      await run();
    } catch (error) {
      process.stderr.write(`Could not ${name}: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  }
}
