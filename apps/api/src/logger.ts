import pino, { type Logger } from "pino";
import type { Config } from "./config/env";

/** JSON lines to stdout (what log collectors read); pretty only for a developer at a terminal. */
export function createLogger(config: Pick<Config, "logLevel" | "nodeEnv">): Logger {
  const pretty = config.nodeEnv === "development" && process.stdout.isTTY;
  return pino({
    level: config.logLevel,
    redact: ["req.headers.authorization", "req.headers.cookie"],
    ...(pretty ? { transport: { target: "pino-pretty" } } : {}),
  });
}
