import type { components } from "@brandscope/api-client";

type FiguresComputing = components["schemas"]["FiguresComputing"];
type Computing = { status: "computing"; retryAfterSeconds: number };

/**
 * A module's figures are being computed (the contract's 202 FiguresComputing): not a failure. A query that meets
 * it reads again after the server's Retry-After, for as long as it answers so (`whileComputing`), and the screen
 * says so meanwhile (figures-computing.tsx).
 */
export class FiguresBeingComputed extends Error {
  override name = "FiguresBeingComputed";
  readonly retryAfterMs: number;
  constructor(answer: FiguresComputing) {
    super(answer.message);
    this.retryAfterMs = Math.max(1, answer.retryAfterSeconds) * 1000;
  }
}

const isComputing = (answer: unknown): answer is FiguresComputing =>
  typeof answer === "object" &&
  answer !== null &&
  (answer as { status?: unknown }).status === "computing" &&
  typeof (answer as { retryAfterSeconds?: unknown }).retryAfterSeconds === "number";

/** The figures of a module's answer, or FiguresBeingComputed thrown when the server is still computing them. */
export async function figuresOf<T>(answer: Promise<T>): Promise<Exclude<T, Computing>> {
  const data = await answer;
  if (isComputing(data)) throw new FiguresBeingComputed(data);
  return data as Exclude<T, Computing>;
}

export const isBeingComputed = (error: unknown): error is FiguresBeingComputed =>
  error instanceof FiguresBeingComputed;

/** A failed load is tried once more (the app's default); figures being computed are read again until ready. */
export const whileComputing = {
  retry: (failureCount: number, error: unknown) => isBeingComputed(error) || failureCount < 1,
  retryDelay: (attempt: number, error: unknown) =>
    isBeingComputed(error) ? error.retryAfterMs : Math.min(1000 * 2 ** attempt, 30_000),
};

/** While stored figures are answered and their recompute is queued (`provenance.recomputing`), look again now and then. */
export const RECOMPUTING_POLL_MS = 10_000;

export const pollWhileRecomputing =
  <T>(provenanceOf: (data: T) => { recomputing?: boolean }) =>
  (query: { state: { data: T | undefined } }) => {
    const { data } = query.state;
    return data !== undefined && provenanceOf(data).recomputing ? RECOMPUTING_POLL_MS : false;
  };
