import { type Config, ConfigError, loadConfig } from "./config/env";
import { createLogger } from "./logger";
import type { Running } from "./server";

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
const log = createLogger(config);

/** What was started, stopped in reverse order: HTTP first, then the pool, then PostgreSQL, then monitoring. */
const running: Running[] = [];
let stopping = false;

async function start(): Promise<void> {
  // Monitoring first: it patches node-postgres as the server's modules import it (kernel/telemetry/start.ts).
  if (config.otel) {
    const { startTelemetry } = await import("./kernel/telemetry/start");
    // Stopped last, sending what the rest did while stopping.
    running.push({ name: "monitoring export", stop: startTelemetry(config.otel).shutdown });
  }
  const { startServer } = await import("./server");
  await startServer(config, log, running);
}

/** One line per step: an orderly stop says what it stopped, and only a failure carries a stack. */
async function stopAll(): Promise<boolean> {
  let clean = true;
  for (const { name, stop } of running.reverse()) {
    try {
      await stop();
      log.info(`Stopped the ${name}`);
    } catch (error) {
      clean = false;
      log.error({ err: error }, `Could not stop the ${name}`);
    }
  }
  return clean;
}

const startup = start();

for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) {
  process.on(signal, () => {
    if (stopping) {
      log.warn({ signal }, "Already shutting down");
      return;
    }
    stopping = true;
    log.info({ signal }, "Shutting down");
    // A signal during start-up waits for it to settle, so nothing it starts is left running.
    void startup
      .catch(() => undefined)
      .then(stopAll)
      .then((clean) => process.exit(clean ? 0 : 1));
  });
}

startup.catch(async (error: unknown) => {
  if (stopping) return;
  stopping = true;
  log.fatal({ err: error }, "Start-up failed");
  process.stderr.write(
    `Brandscope could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  await stopAll();
  process.exit(1);
});
