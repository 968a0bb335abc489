import type pg from "pg";
import { computed, parsedRows, selection } from "./typed-rows";

/*
 * Positions in the primary's write-ahead log, as byte offsets (an LSN such as 16/B374D848 minus 0/0), for comparing
 * what a streaming replica has replayed with what a reader must see (db/read-model/replica-reads.ts).
 */

const PRIMARY = selection({ at: computed<string>("(pg_current_wal_lsn() - '0/0'::pg_lsn)::text") });
/** Null on a server that is not a standby. */
const REPLAYED = selection({
  at: computed<string | null>("(pg_last_wal_replay_lsn() - '0/0'::pg_lsn)::text"),
});

/**
 * The primary's current WAL write position: read after a transaction has committed (with synchronous_commit on,
 * PostgreSQL's default, its commit record is written by then), it is at or past that commit.
 */
export async function primaryWalPosition(pool: pg.Pool): Promise<bigint> {
  const text = `select ${PRIMARY.text}`;
  const { rows } = await pool.query({ name: "primary-wal-position", text });
  const at = parsedRows(PRIMARY, text, rows)[0]?.at;
  if (at === undefined) throw new Error("PostgreSQL gave no WAL position");
  return BigInt(at);
}

/**
 * How far a standby has replayed the primary's WAL: what a query it runs now sees. Null on a server that is not a
 * standby (a replica promoted, or DATABASE_REPLICA_URL naming a primary).
 */
export async function replayedWalPosition(pool: pg.Pool): Promise<bigint | null> {
  const text = `select ${REPLAYED.text}`;
  const { rows } = await pool.query({ name: "replayed-wal-position", text });
  const at = parsedRows(REPLAYED, text, rows)[0]?.at;
  return at === undefined || at === null ? null : BigInt(at);
}
