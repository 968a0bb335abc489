import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Logger } from "pino";
import type { Clock } from "../lib/clock";
import * as schema from "./schema";

export type Db = NodePgDatabase<typeof schema>;
/** A transaction of `Db`: repositories take either, so a service can group their calls in one. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Queryable = Db | Tx;

export interface Database {
  pool: pg.Pool;
  db: Db;
  /**
   * Ends the pool and resolves once every connection has closed: pool.end() resolves once it has asked them to,
   * and a server stopped right after would end the rest with an error apiece.
   */
  close(): Promise<void>;
}

/**
 * The pool of a read replica's connections is told apart in pg_stat_activity, and gives up connecting sooner: a
 * module read whose replica is unreachable goes to the primary (db/read-model/replica-reads.ts) rather than wait.
 */
export const REPLICA_POOL = { applicationName: "brandscope-replica", connectionTimeoutMillis: 2_000 };

export function connectDatabase(
  url: string,
  log: Logger,
  o: { applicationName: string; connectionTimeoutMillis: number } = {
    applicationName: "brandscope",
    // A health check or request must not hang for long when the server is gone.
    connectionTimeoutMillis: 5_000,
  },
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: o.connectionTimeoutMillis,
    idleTimeoutMillis: 30_000,
    application_name: o.applicationName,
    // The hot reads are named statements (module-reads.repo.ts) with limits, offsets and ids as parameters. Left to
    // choose, PostgreSQL kept planning them afresh on every call, their generic cost estimate being higher than
    // a custom one: planning took 1–2 ms of database CPU per influencer read, more than running it. A generic plan
    // is made once per connection and statement.
    options: "-c plan_cache_mode=force_generic_plan",
  });
  // Without a listener, an idle client's error (e.g. the server restarting) crashes Node.
  pool.on("error", (error) =>
    log.warn({ err: error, pool: o.applicationName }, "An idle database connection failed"),
  );
  // A client out of the pool has none of the pool's listeners: a restart between two statements of a transaction
  // would crash Node too. Its next statement fails instead (and is answered or retried as any failure), and the
  // pool drops the client when it comes back with that error.
  const open = new Set<Promise<void>>();
  pool.on("connect", (client) => {
    client.on("error", () => undefined);
    const ended = new Promise<void>((resolve) => client.once("end", resolve));
    open.add(ended);
    void ended.then(() => open.delete(ended));
  });
  return {
    pool,
    db: drizzle({ client: pool, schema }),
    close: async () => {
      await pool.end();
      await Promise.all(open);
    },
  };
}

/**
 * Tells each connection the app's time as the pool hands it out, for a clock other than the system's (a test's, or
 * TEST_CLOCK_START): the database stamps a brand's data changes with it (drizzle/0050_brand_data_changed.sql), so
 * they compare with the figures' computed_at, stamped by the same clock. With the system clock the database's own
 * time is that time already, and no statement is added. The pool's `connect` (which its `query` uses too) sets it
 * before handing the connection out: a statement queued on a busy connection is deprecated in node-postgres.
 */
export function stampChangesWithClock(pool: pg.Pool, clock: Clock): void {
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const stamped = async () => {
    const client = await connect();
    try {
      // SET takes no parameter; an ISO instant needs no escaping.
      await client.query(`set brandscope.clock = '${clock.now().toISOString()}'`);
    } catch (error) {
      client.release(error instanceof Error ? error : true);
      throw error;
    }
    return client;
  };
  type Done = pg.PoolClient["release"];
  const stampedConnect = (
    callback?: (error: Error | undefined, client?: pg.PoolClient, done?: Done) => void,
  ) => {
    if (!callback) return stamped();
    stamped().then(
      (client) => callback(undefined, client, client.release),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
    return undefined;
  };
  pool.connect = stampedConnect as typeof pool.connect;
}

/** The node-postgres pool under a Drizzle handle: the hot reads send named statements on it directly. */
export function clientOf(db: Db): pg.Pool {
  const client = (db as Db & { $client?: pg.Pool }).$client;
  if (!client) throw new Error("The database handle has no node-postgres client");
  return client;
}

/** The address the pool connects to: a worker thread opens a connection of its own to the same database. */
export function databaseUrlOf(db: Db): string {
  const url = clientOf(db).options.connectionString;
  if (!url) throw new Error("The database pool has no connection string");
  return url;
}

/**
 * The connection a transaction runs on, for a library that sends SQL of its own in it (pg-boss's `db` option, so a
 * job is queued together with the writes that call for it). Drizzle keeps that connection on the transaction's
 * session; a change of that inner shape fails here, at once, rather than queueing outside the transaction.
 */
export function transactionClientOf(tx: Tx): {
  executeSql(text: string, values?: unknown[]): Promise<pg.QueryResult>;
} {
  const client = transactionConnectionOf(tx);
  return { executeSql: (text, values) => client.query(text, values) };
}

/** The node-postgres connection of a transaction, for COPY into it (imports.repo.ts); see transactionClientOf. */
export function transactionConnectionOf(tx: Tx): pg.PoolClient {
  const client = (tx as unknown as { session?: { client?: pg.PoolClient } }).session?.client;
  if (!client || typeof client.query !== "function" || "totalCount" in client) {
    throw new Error("The transaction has no connection of its own");
  }
  return client;
}
