/**
 * COPY's text format without a database connection, so a worker thread can encode rows (read-export.ts) and the
 * connection only streams them (copy-rows.ts).
 */
/** A value for a json/jsonb column (an array here would otherwise be written as a PostgreSQL array). */
export class Json {
  constructor(readonly value: unknown) {}
}

export type CopyValue = string | number | boolean | Date | null | readonly (string | number)[] | Json;

/** COPY's text format: backslash escapes for the separators, `\N` for null. */
function encode(value: CopyValue): string {
  if (value === null) return "\\N";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "\\N";
  if (typeof value === "boolean") return value ? "t" : "f";
  const text =
    typeof value === "string"
      ? value
      : value instanceof Json
        ? JSON.stringify(value.value)
        : `{${value.map((item) => (typeof item === "number" ? String(item) : JSON.stringify(item))).join(",")}}`;
  return text.replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n").replace(/\r/g, "\\r");
}

export function* copyLines(rows: Iterable<readonly CopyValue[]>, batch = 500): Generator<string> {
  let chunk = "";
  let count = 0;
  for (const row of rows) {
    chunk += `${row.map(encode).join("\t")}\n`;
    count += 1;
    if (count === batch) {
      yield chunk;
      chunk = "";
      count = 0;
    }
  }
  if (chunk) yield chunk;
}

/** All of `rows` as one COPY text. */
export const copyText = (rows: Iterable<readonly CopyValue[]>): string => [...copyLines(rows)].join("");
