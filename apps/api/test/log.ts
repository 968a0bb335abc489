import { Writable } from "node:stream";
import pino from "pino";

/** A real pino logger whose lines a test reads back (JSON text, one line each). */
export function capturedLog(level: pino.Level = "info") {
  const lines: string[] = [];
  const log = pino(
    { level },
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  return { log, lines, text: () => lines.join("") };
}
