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

/**
 * Runs a script's main function (the benchmarks, measure:web): cleans up after it, on failure (exit code 1,
 * its message after `failed`) and on Ctrl-C (130).
 */
export async function runAndCleanUp(main: () => Promise<void>, failed = "Benchmark failed"): Promise<void> {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      process.stderr.write(`\n${signal}: cleaning up\n`);
      void cleanUp().finally(() => process.exit(130));
    });
  }
  try {
    await main();
  } catch (error) {
    process.exitCode = 1;
    process.stderr.write(`${failed}: ${error instanceof Error ? error.message : String(error)}\n`);
  } finally {
    await cleanUp();
  }
}
