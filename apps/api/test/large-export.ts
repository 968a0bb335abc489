import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "csv-parse/sync";

// shared/ sits beside the repository (CI clones it that way too).
const SAMPLE = join(import.meta.dirname, "../../../../shared/fixtures/imports/meta-facebook-posts.csv");
/** Columns of Meta's posts export that make a post distinct: its id, publish time and permalink. */
const POST_ID = 0;
const PUBLISHED = 6;
const PERMALINK = 8;
const HOUR_MS = 3_600_000;

const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
const two = (n: number) => String(n).padStart(2, "0");
/** Meta's "Publish time": MM/DD/YYYY HH:MM. */
const metaTime = (at: Date) =>
  `${two(at.getUTCMonth() + 1)}/${two(at.getUTCDate())}/${at.getUTCFullYear()} ${two(at.getUTCHours())}:${two(at.getUTCMinutes())}`;

/**
 * A Meta Business Suite posts export of `rows` posts in the real format: the shared sample's posts repeated with
 * their own ids, permalinks and publish times, one every `everyHours` hours back from `lastDay` (UTC). About 266
 * bytes a post: 100,000 posts are a 26.6 MB file. For the large-import test and benchmark (scripts/bench/import.ts).
 */
export function largeFacebookExport(rows: number, o: { lastDay: string; everyHours: number }): Buffer {
  const text = readFileSync(SAMPLE, "utf8").replace(/^\uFEFF/, "");
  const [header, ...samples] = parse(text) as string[][];
  if (!header || samples.length === 0) throw new Error(`${SAMPLE} has no posts`);
  const last = Date.parse(`${o.lastDay}T12:00:00Z`);
  const lines = [header.map(quote).join(",")];
  for (let i = 0; i < rows; i++) {
    const row = [...(samples[i % samples.length] as string[])];
    row[POST_ID] = String(900_000_000_000_000n + BigInt(i));
    row[PUBLISHED] = metaTime(new Date(last - i * o.everyHours * HOUR_MS));
    row[PERMALINK] = `https://www.facebook.com/lumoracoffee/posts/pfbid${i.toString(36)}`;
    lines.push(row.map(quote).join(","));
  }
  return Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`);
}
