import { AsyncLocalStorage } from "node:async_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import type pg from "pg";
import type { Logger } from "pino";
import { primaryWalPosition, replayedWalPosition } from "../wal-positions.repo";

/*
 * Module reads on a streaming replica (DATABASE_REPLICA_URL; docs/operations.md "A read replica"). A module read
 * request runs inside `read`; the queries its read model sends to the database (read-model.ts `rows` and `fresh`)
 * go to the replica only when it has replayed the WAL up to a target, else to the primary:
 * - the workspace's own writes: a write request records the primary's WAL position for its workspace (`wrote`),
 *   so the member who wrote (and their teammates on this instance) read what they wrote;
 * - every change this process has heard of: the primary's position read after the latest change notification
 *   (change-listener.ts). Rows the read model keeps must not predate a change whose notification has already
 *   been heard, since nothing would forget them again; answers never go back behind kept ones either.
 * A replica short of the target is polled for up to REPLAY_WAIT_MS (once per request), then the primary answers.
 * A replica that fails or is not a standby is left alone for a while, with one warning: the primary answers.
 * Nothing else touches the replica: writes, sign-in checks (http/authenticate.ts) and jobs run outside `read`.
 */

/** How long a module read waits for the replica to replay what it must see before reading from the primary. */
export const REPLAY_WAIT_MS = 500;
const POLL_MS = 10;
/** After a wait that ran out, reads go to the primary without waiting for this long (a check still costs one query). */
const LAGGING_MS = 5_000;
/** A replica that failed is not asked again for this long. */
const UNAVAILABLE_MS = 5_000;
/** Workspaces' write positions kept; the replica has passed most of them within milliseconds. */
const MAX_WRITERS = 10_000;

/** What the read model tells the router: whether it hears changes, and how many it has heard. */
export interface HeardChanges {
  readonly listening: boolean;
  readonly changeCount: number;
}

interface ReadScope {
  readonly router: ReplicaReads;
  readonly workspaceId: string;
  /** This request has waited for the replica once already: it does not wait again. */
  waited: boolean;
}

const scopes = new AsyncLocalStorage<ReadScope>();

export class ReplicaReads {
  readonly primary: pg.Pool;
  readonly #replica: pg.Pool;
  readonly #log: Logger;
  readonly #waitMs: number;
  /** The primary's position after each workspace's latest write request here. */
  readonly #written = new Map<string, bigint>();
  /** The furthest the replica was seen to have replayed: replay only moves forward. */
  #replayed = -1n;
  #replaying: Promise<bigint | null> | undefined;
  /** The primary's position read once `changes` notifications had been heard. */
  #heard: { changes: number; at: bigint } = { changes: -1, at: 0n };
  #hearing: { changes: number; at: Promise<bigint> } | undefined;
  #unavailableUntil = 0;
  #laggingUntil = 0;
  #warned = false;

  constructor(o: { primary: pg.Pool; replica: pg.Pool; log: Logger; waitMs?: number }) {
    this.primary = o.primary;
    this.#replica = o.replica;
    this.#log = o.log;
    this.#waitMs = o.waitMs ?? REPLAY_WAIT_MS;
  }

  /** Runs a module read of the workspace: its read model's queries may go to the replica. */
  read<T>(workspaceId: string, run: () => T): T {
    return scopes.run({ router: this, workspaceId, waited: false }, run);
  }

  /** A write request of the workspace has finished: its later reads wait for the replica to replay it. */
  async wrote(workspaceId: string): Promise<void> {
    const at = await primaryWalPosition(this.primary);
    if (at <= this.#replayed) return;
    if (this.#written.size >= MAX_WRITERS) {
      for (const [id, position] of this.#written) if (position <= this.#replayed) this.#written.delete(id);
      if (this.#written.size >= MAX_WRITERS) this.#written.clear();
    }
    const before = this.#written.get(workspaceId);
    if (before === undefined || at > before) this.#written.set(workspaceId, at);
  }

  /**
   * A query of a module read: on the replica when it has replayed what the read must see, else (or when it fails)
   * on the primary. `changes` is the read model's count of heard changes when the read's stamp was taken.
   */
  async query(
    scope: ReadScope,
    model: HeardChanges,
    changes: number,
    statement: pg.QueryConfig,
  ): Promise<pg.QueryResult> {
    if (await this.#replicaServes(scope, model, changes)) {
      try {
        const result = await this.#replica.query(statement);
        this.#answered();
        return result;
      } catch (error) {
        this.#unavailable(error);
      }
    }
    return this.primary.query(statement);
  }

  async #replicaServes(scope: ReadScope, model: HeardChanges, changes: number): Promise<boolean> {
    // Not hearing changes, the read model keeps nothing and the replica's lag could not be judged: the primary.
    if (!model.listening || Date.now() < this.#unavailableUntil) return false;
    const heard = await this.#heardPosition(model, changes);
    const written = this.#written.get(scope.workspaceId) ?? 0n;
    const target = heard > written ? heard : written;
    if (this.#replayed >= target) return true;
    const wait = scope.waited || Date.now() < this.#laggingUntil ? 0 : this.#waitMs;
    const deadline = performance.now() + wait;
    for (;;) {
      const replayed = await this.#replayedPosition();
      if (replayed === null) return false;
      if (replayed >= target) {
        // A write recorded while this read waited may be further on: only a position replayed goes.
        const latest = this.#written.get(scope.workspaceId);
        if (latest !== undefined && replayed >= latest) this.#written.delete(scope.workspaceId);
        return true;
      }
      if (performance.now() >= deadline) break;
      await sleep(POLL_MS);
    }
    if (wait > 0) {
      scope.waited = true;
      this.#laggingUntil = Date.now() + LAGGING_MS;
      this.#log.info(
        { event: "replica.lagging", waitedMs: wait },
        "The read replica had not replayed what a module read must see: read from the primary",
      );
    }
    return false;
  }

  /** The primary's position once `changes` notifications were heard, read once per new notification. */
  #heardPosition(model: HeardChanges, changes: number): Promise<bigint> | bigint {
    if (this.#heard.changes >= changes) return this.#heard.at;
    if (this.#hearing && this.#hearing.changes >= changes) return this.#hearing.at;
    // Read after the notifications counted now were heard: at or past each of their commits.
    const counted = model.changeCount;
    const at = primaryWalPosition(this.primary);
    const hearing = { changes: counted, at };
    this.#hearing = hearing;
    void at.then(
      (position) => {
        if (counted > this.#heard.changes) this.#heard = { changes: counted, at: position };
        if (this.#hearing === hearing) this.#hearing = undefined;
      },
      () => {
        if (this.#hearing === hearing) this.#hearing = undefined;
      },
    );
    return at;
  }

  /** The replica's replay position (one query shared by the reads asking at once); null: the replica is not used. */
  async #replayedPosition(): Promise<bigint | null> {
    this.#replaying ??= replayedWalPosition(this.#replica).finally(() => {
      this.#replaying = undefined;
    });
    try {
      const replayed = await this.#replaying;
      if (replayed === null) {
        this.#unavailable(new Error("DATABASE_REPLICA_URL names a server that is not a standby"));
        return null;
      }
      if (replayed > this.#replayed) this.#replayed = replayed;
      this.#answered();
      return replayed;
    } catch (error) {
      this.#unavailable(error);
      return null;
    }
  }

  #answered(): void {
    if (!this.#warned) return;
    this.#warned = false;
    this.#log.info({ event: "replica.back" }, "The read replica answers again");
  }

  #unavailable(error: unknown): void {
    this.#unavailableUntil = Date.now() + UNAVAILABLE_MS;
    if (this.#warned) return;
    this.#warned = true;
    this.#log.warn(
      { err: error, event: "replica.unavailable" },
      "The read replica cannot answer: module reads go to the primary",
    );
  }
}

/** The module read under way whose replica router reads for this pool (the primary's), if any. */
export function replicaScopeFor(pool: pg.Pool): ReadScope | undefined {
  const scope = scopes.getStore();
  return scope?.router.primary === pool ? scope : undefined;
}
