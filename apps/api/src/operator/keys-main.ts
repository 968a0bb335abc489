import { systemClock } from "../lib/clock";
import { runKeys } from "./keys";

process.exitCode = await runKeys(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  clock: systemClock,
});
