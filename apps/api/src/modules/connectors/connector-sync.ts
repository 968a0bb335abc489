import type { ConnectorStatus } from "../../db/schema";
import type { JobContext } from "../../kernel/job-queue";
import type { WorkerDeps } from "../../kernel/worker-deps";
import { findJobConnection } from "./connection-owner";
import { type ConnectionOwner, type ConnectionRow, recordRun } from "./connections.repo";
import {
  type ClassedFailure,
  FAILURE_STATUS,
  OPERATORS_CAUSES,
  type ProviderDescriptor,
  type SyncJobData,
} from "./connector-kit";
import { nextRefreshAfter } from "./refresh-schedule";

/** The connection a sync job reads, and its brand. */
export interface JobConnection {
  owner: ConnectionOwner;
  connection: ConnectionRow;
  now: Date;
  /** When the daily refresh reads the connection next: what a sentence promises after a failure. */
  next: Date;
}

/** How a run ended: the connection's status and its sentence; `quotaUsed` of the quota day when not the client's. */
export interface RunOutcome {
  status: ConnectorStatus;
  reason: string | null;
  quotaUsed?: number;
}

/**
 * One provider's read, as the kit's sync job shape runs it: what is its own (the client, the read, the sentences)
 * and nothing of the run around it.
 */
export interface ConnectorSync<Client> {
  descriptor: ProviderDescriptor;
  /**
   * The client for a connection that can be read now; an outcome to record without calling the platform (a key
   * missing, a token expired, a rate limit still running); or undefined when there is nothing to read (the server
   * has no client for it, the user has a choice to make): the run is then not recorded.
   */
  open(
    deps: WorkerDeps,
    run: JobConnection,
  ): Promise<{ client: Client } | { outcome: RunOutcome } | undefined>;
  /** Reads and stores; the outcome of a run that reached its end. */
  read(deps: WorkerDeps, run: JobConnection, client: Client): Promise<RunOutcome>;
  /** A platform's failure classed; undefined for an error that is not the platform's, which fails the job. */
  classify(error: unknown): ClassedFailure | undefined;
  /** The sentence for a classed failure (its status is the kit's FAILURE_STATUS), or the provider's own outcome. */
  failed(deps: WorkerDeps, run: JobConnection, failure: ClassedFailure, client: Client): Promise<RunOutcome>;
  /** The quota of the quota day spent once the run ends (YouTube's units, Meta's usage share); 0 where untracked. */
  quotaUsed(run: JobConnection, client: Client | undefined): number;
}

/**
 * The sync job every connector runs (docs/data-sources.md "The connector kit"): the brand's connection (none: the job
 * is done), the provider's read, the run recorded with its status, sentence and quota. A platform that does not
 * answer is retried by the queue with back-off, the connection saying so, until the last try records the outcome;
 * a failure only the operator can remove is logged as an error too. An error that is not the platform's fails the
 * job as it is.
 */
export async function runConnectorSync<Client>(
  deps: WorkerDeps,
  data: SyncJobData,
  job: JobContext,
  sync: ConnectorSync<Client>,
): Promise<void> {
  const { descriptor } = sync;
  const found = await findJobConnection(deps.db, data, descriptor.provider);
  if (!found) return;
  const now = deps.clock.now();
  const run: JobConnection = { ...found, now, next: nextRefreshAfter(data.workspaceId, now) };
  const record = (outcome: RunOutcome, client: Client | undefined) =>
    recordRun(deps.db, {
      id: found.connection.id,
      at: now,
      quotaDay: descriptor.quotaDayOf(now),
      status: outcome.status,
      reason: outcome.reason,
      succeeded: outcome.status === "connected",
      quotaUsed: Math.round(outcome.quotaUsed ?? sync.quotaUsed(run, client)),
    });
  const opened = await sync.open(deps, run);
  if (!opened) return;
  if ("outcome" in opened) {
    await record(opened.outcome, undefined);
    return;
  }
  const { client } = opened;
  try {
    await record(await sync.read(deps, run, client), client);
  } catch (error) {
    const failure = sync.classify(error);
    if (!failure) throw error;
    const log = { workspaceId: data.workspaceId, brandId: found.owner.brandId, cause: failure.cause };
    deps.log.warn({ ...log, code: failure.code }, `${descriptor.name} read failed`);
    if (failure.cause === "unavailable" && job.retryCount < job.retryLimit) {
      const reason = `${descriptor.vendor} did not answer: trying again in a moment.`;
      await record({ status: "reading", reason }, client);
      throw failure.error;
    }
    const outcome = await sync.failed(deps, run, failure, client);
    if (OPERATORS_CAUSES.has(failure.cause)) {
      deps.log.error(
        { ...log, code: failure.code, version: descriptor.version?.version },
        `${descriptor.name} refused this server: ${outcome.reason}`,
      );
    }
    await record(outcome, client);
  }
}

/** The outcome of a classed failure with the provider's sentence for it. */
export const failedWith = (failure: ClassedFailure, reason: string): RunOutcome => ({
  status: FAILURE_STATUS[failure.cause],
  reason,
});
