import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { type CopyValue, copyLines } from "./copy-text";

/**
 * Streams rows into a table with COPY: an order of magnitude faster than INSERTs for the 500,000 rows of the
 * sample data, and the generator's rows never all sit in memory.
 */
export async function copyRows(
  client: pg.PoolClient,
  table: string,
  columns: readonly string[],
  rows: Iterable<readonly CopyValue[]>,
): Promise<void> {
  const target = client.query(copyFrom(`copy ${table} (${columns.join(", ")}) from stdin`));
  await pipeline(Readable.from(copyLines(rows)), target);
}

/** Streams text already in COPY's text format (copyText) into a table. */
export async function copyTextInto(
  client: pg.PoolClient,
  table: string,
  columns: readonly string[],
  text: string,
): Promise<void> {
  const target = client.query(copyFrom(`copy ${table} (${columns.join(", ")}) from stdin`));
  await pipeline(Readable.from([text]), target);
}
