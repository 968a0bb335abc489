/**
 * Measuring tools of `npm run bench:scale` (scale.ts): percentiles, the CPU time of this process and of the
 * benchmark's own PostgreSQL (its postmaster and every backend it forked, read from /proc), and storage sizes.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { PoolClient } from "pg";

/** Nearest-rank percentile of unsorted values. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1] ?? Number.NaN;
}

export interface Latencies {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export function latencies(ms: number[]): Latencies {
  return {
    n: ms.length,
    p50: round1(percentile(ms, 50)),
    p95: round1(percentile(ms, 95)),
    p99: round1(percentile(ms, 99)),
    max: round1(ms.length ? Math.max(...ms) : Number.NaN),
  };
}

const TICKS_PER_SECOND = 100;

/** utime + stime of a process in seconds, or 0 when it is gone. */
function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command may hold spaces and parentheses: fields are counted after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds spent so far by the PostgreSQL under `pgdata` (postmaster.pid's first line) and its children. A backend
 * that exited meanwhile is not counted: measure around work done on long-lived pooled connections.
 */
export function postgresCpuSeconds(pgdata: string): number {
  const postmaster = Number(readFileSync(join(pgdata, "postmaster.pid"), "utf8").split("\n")[0]);
  let total = processCpuSeconds(postmaster);
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (Number.isInteger(pid) && parentOf(pid) === postmaster) total += processCpuSeconds(pid);
  }
  return total;
}

/** CPU seconds of this process (all its threads: the loop, worker threads, GC). */
export const ownCpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

export interface TableSize {
  table: string;
  rows: number;
  heapBytes: number;
  indexBytes: number;
  /** Heap, indexes and TOAST. */
  totalBytes: number;
  indexes: { name: string; bytes: number }[];
}

/** Sizes of the tables, as PostgreSQL counts them (pg_total_relation_size and its parts). */
export async function tableSizes(client: PoolClient, tables: readonly string[]): Promise<TableSize[]> {
  const sizes: TableSize[] = [];
  for (const table of tables) {
    const r = await client.query<{ heap: string; indexes: string; total: string; rows: string }>(
      `select pg_table_size($1::regclass) as heap, pg_indexes_size($1::regclass) as indexes,
         pg_total_relation_size($1::regclass) as total, (select count(*) from ${table}) as rows`,
      [table],
    );
    const idx = await client.query<{ name: string; bytes: string }>(
      `select indexrelid::regclass::text as name, pg_relation_size(indexrelid) as bytes from pg_index
       where indrelid = $1::regclass order by 2 desc`,
      [table],
    );
    const row = r.rows[0];
    sizes.push({
      table,
      rows: Number(row?.rows ?? 0),
      heapBytes: Number(row?.heap ?? 0),
      indexBytes: Number(row?.indexes ?? 0),
      totalBytes: Number(row?.total ?? 0),
      indexes: idx.rows.map((i) => ({ name: i.name, bytes: Number(i.bytes) })),
    });
  }
  return sizes;
}
