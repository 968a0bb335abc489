import { systemClock } from "../lib/clock";
import { runOperator } from "./run";

process.exitCode = await runOperator(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  clock: systemClock,
});
