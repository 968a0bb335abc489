import type { Queryable } from "../db/client";
import type { OneUseStateKind } from "../db/schema";
import { addMs, HOUR_MS } from "../lib/clock";
import { randomToken, sha256 } from "../lib/crypto";
import {
  deleteSpentOneUseStates,
  findOneUseState,
  insertOneUseState,
  mergeIntoOneUseState,
  useOneUseState,
} from "./one-use-state.repo";
import type { WorkerDeps } from "./worker-deps";

/**
 * What each kind keeps, declared by the module that owns the flow (`declare module` on this file), so that
 * `putOneUseState` and `takeOneUseState` of one kind agree on one type. Plain JSON: strings, numbers, booleans and
 * null (no dates: the row's expiry is its own column).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the modules' declarations.
export interface OneUseStatePayloads {}

type Kind = OneUseStateKind & keyof OneUseStatePayloads;

/** A state taken or found: its payload, and the hash of the browser it was bound to (null: none). */
export interface OneUseState<K extends Kind> {
  payload: OneUseStatePayloads[K];
  browserHash: string | null;
}

/** Which live state a secret names beyond its kind: a payload it must contain (a provider, a protocol). */
interface Lookup<K extends Kind> {
  now: Date;
  match?: Partial<OneUseStatePayloads[K]>;
}

// The payload was written by putOneUseState of the same kind, which the row's kind column and the unique
// (kind, key_hash) hold to: jsonb reads back as the value it was given.
const typed = <K extends Kind>(row: { payload: unknown; browserHash: string | null } | undefined) =>
  row && { payload: row.payload as OneUseStatePayloads[K], browserHash: row.browserHash };

/**
 * Keeps a state for `ttlMs` and answers the secret to hand to the browser (32 random bytes, base64url); only its
 * SHA-256 is stored. `browserHash`: the SHA-256 of a cookie of the browser that starts the flow, if it has one.
 * `secret`: one the flow drew itself (randomToken) because what it keeps depends on it (SAML's AuthnRequest carries
 * its RelayState, and the request's id is kept).
 */
export async function putOneUseState<K extends Kind>(
  db: Queryable,
  kind: K,
  p: {
    payload: OneUseStatePayloads[K];
    ttlMs: number;
    now: Date;
    browserHash?: string | null;
    secret?: string;
  },
): Promise<string> {
  const secret = p.secret ?? randomToken();
  await insertOneUseState(db, {
    kind,
    keyHash: sha256(secret),
    payload: p.payload,
    browserHash: p.browserHash ?? null,
    now: p.now,
    expiresAt: addMs(p.now, p.ttlMs),
  });
  return secret;
}

/**
 * Uses up the state of this secret, once: unexpired, unused, of this kind, holding `match`, and, given
 * `browserHash`, bound to that browser (another browser's attempt leaves it for its own). A second take, like an
 * expired or unknown secret, answers undefined. A flow that must tell "another browser" apart takes without
 * `browserHash` and compares the answer's own.
 */
export async function takeOneUseState<K extends Kind>(
  db: Queryable,
  kind: K,
  secret: string,
  p: Lookup<K> & { browserHash?: string },
): Promise<OneUseState<K> | undefined> {
  return typed<K>(await useOneUseState(db, { ...p, kind, keyHash: sha256(secret) }));
}

/** The live state of this secret, left for its take. */
export async function peekOneUseState<K extends Kind>(
  db: Queryable,
  kind: K,
  secret: string,
  p: Lookup<K>,
): Promise<OneUseState<K> | undefined> {
  return typed<K>(await findOneUseState(db, { ...p, kind, keyHash: sha256(secret) }));
}

/** Adds to a live state's payload what its flow learnt on the way (a name sent once); false when there is none. */
export async function amendOneUseState<K extends Kind>(
  db: Queryable,
  kind: K,
  secret: string,
  p: Lookup<K> & { patch: Partial<OneUseStatePayloads[K]> },
): Promise<boolean> {
  return mergeIntoOneUseState(db, { ...p, kind, keyHash: sha256(secret) });
}

/** How long a used or expired state stays before the sweep deletes it: an hour to look at a failed sign-in. */
export const SPENT_STATE_MARGIN_MS = HOUR_MS;

/** The `sweep-one-use-states` job (every ten minutes, kernel/job-queue.ts): deletes the states spent a while ago. */
export async function sweepOneUseStatesJob(deps: Pick<WorkerDeps, "db" | "clock" | "log">): Promise<void> {
  const removed = await deleteSpentOneUseStates(deps.db, {
    before: addMs(deps.clock.now(), -SPENT_STATE_MARGIN_MS),
  });
  if (removed > 0) deps.log.debug({ count: removed }, "Spent one-use states deleted");
}
