import { randomUUID } from "node:crypto";
import pg from "pg";
import type { Logger } from "pino";
import { readModelOf } from "./read-model";

/** The channel the triggers of migrations 0009 and 0012 notify, with the changed table's name as the payload. */
const DATA_CHANGE_CHANNEL = "brandscope_data_change";

/** A heartbeat's notification must come back within this, or the listening connection counts as lost. */
const ROUND_TRIP_TIMEOUT_MS = 5_000;
const HEARTBEAT_INTERVAL_MS = 15_000;
const RECONNECT_DELAYS_MS = [500, 1_000, 2_000, 5_000, 10_000, 30_000];
const SETTLE_PREFIX = "settle:";

class NotHeard extends Error {
  constructor() {
    super("A change notification sent through the pool was not heard on the listening connection");
  }
}

export interface ChangeListener {
  /**
   * Resolves once every change committed before the call has been heard (the read model has forgotten what it
   * touched): a notification of our own goes through the pool and comes back after every earlier one, as
   * PostgreSQL delivers notifications in commit order.
   */
  settle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Listens on a connection of its own for the triggers' notifications and tells the pool's read model what changed
 * (read-model.ts `changed`). Rows are kept only while the connection is known to hear: from the first round trip
 * of a notification of our own (a pooler in transaction mode accepts LISTEN and never delivers) until the
 * connection fails or a heartbeat's round trip does not come back; then it reconnects, and nothing is kept
 * meanwhile.
 */
export async function listenForChanges(o: {
  pool: pg.Pool;
  connectionString: string;
  log: Logger;
}): Promise<ChangeListener> {
  const model = readModelOf(o.pool);
  const waiters = new Map<string, () => void>();
  let client: pg.Client | undefined;
  let stopped = false;
  let attempt = 0;
  let reconnect: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const wakeWaiters = () => {
    for (const wake of waiters.values()) wake();
    waiters.clear();
  };

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== DATA_CHANGE_CHANNEL) return;
    if (message.payload?.startsWith(SETTLE_PREFIX)) {
      const token = message.payload.slice(SETTLE_PREFIX.length);
      waiters.get(token)?.();
      waiters.delete(token);
      return;
    }
    // The triggers name the table that changed: only the reads of that table are forgotten.
    model.changed(message.payload ? [message.payload] : undefined);
  };

  /**
   * Our own notification, sent through the pool and heard on the listening connection. Only the hearing is timed:
   * a pool busy with requests delays the sending, which says nothing about the listening connection.
   */
  const roundTrip = async () => {
    const token = randomUUID();
    const heard = new Promise<void>((resolve) => waiters.set(token, resolve));
    let timer: NodeJS.Timeout | undefined;
    try {
      await o.pool.query("select pg_notify($1, $2)", [DATA_CHANGE_CHANNEL, `${SETTLE_PREFIX}${token}`]);
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new NotHeard()), ROUND_TRIP_TIMEOUT_MS);
      });
      await Promise.race([heard, timeout]);
    } finally {
      clearTimeout(timer);
      waiters.delete(token);
    }
  };

  const settle = async () => {
    if (model.listening) await roundTrip();
  };

  const discard = (c: pg.Client): Promise<void> => {
    c.removeAllListeners();
    c.on("error", () => undefined);
    return c.end().catch(() => undefined);
  };

  const lost = (reason: unknown) => {
    if (stopped || !client) return;
    void discard(client);
    client = undefined;
    model.setListening(false);
    // Nothing is kept now, so nothing a waiter could read is out of date.
    wakeWaiters();
    clearInterval(heartbeat);
    o.log.warn(
      { err: reason },
      "Lost the database change notifications: reads go to the database until reconnected",
    );
    scheduleConnect();
  };

  const scheduleConnect = () => {
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)];
    attempt++;
    reconnect = setTimeout(() => void connect(), delay);
    reconnect.unref();
  };

  const connect = async (): Promise<void> => {
    if (stopped) return;
    const next = new pg.Client({
      connectionString: o.connectionString,
      application_name: "brandscope-listener",
      keepAlive: true,
    });
    next.on("notification", onNotification);
    next.on("error", (error) => lost(error));
    next.on("end", () => lost(new Error("The listening connection ended")));
    try {
      await next.connect();
      if (stopped) return void (await discard(next));
      client = next;
      await next.query(`LISTEN ${DATA_CHANGE_CHANNEL}`);
      await roundTrip();
    } catch (error) {
      if (client === next) return lost(error);
      void discard(next);
      o.log.warn({ err: error }, "Could not listen for database changes: reads go to the database meanwhile");
      return scheduleConnect();
    }
    if (stopped) return;
    attempt = 0;
    model.setListening(true, settle);
    heartbeat = setInterval(() => {
      roundTrip().catch((error: unknown) => {
        if (error instanceof NotHeard) lost(error);
        else o.log.warn({ err: error }, "Could not send a change-notification heartbeat");
      });
    }, HEARTBEAT_INTERVAL_MS);
    heartbeat.unref();
  };

  await connect();

  return {
    settle,
    async stop() {
      stopped = true;
      clearTimeout(reconnect);
      clearInterval(heartbeat);
      model.setListening(false);
      wakeWaiters();
      const last = client;
      client = undefined;
      if (last) await discard(last);
    },
  };
}
