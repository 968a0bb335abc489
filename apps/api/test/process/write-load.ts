import { randomBytes } from "node:crypto";
import type pg from "pg";
import { STRONG_PASSWORD } from "../api";

export interface Write {
  email: string;
  /** performance.now() when the request was sent and when it was answered or failed. */
  sentAt: number;
  endedAt: number;
  /** The HTTP status, or undefined when no answer came (the connection was refused or broke). */
  status: number | undefined;
  /** The Error body's code of a refusal. */
  code?: string;
  error?: string;
}

export interface WriteLoad {
  writes: Write[];
  /** Resolves once `count` writes have been acknowledged (2xx), so a fault is injected amid real writes, not at a guess. */
  acknowledged(count: number): Promise<void>;
  /** Stops sending and resolves once every request sent has ended. */
  stop(): Promise<Write[]>;
}

/**
 * Sign-ups, one after another on each of `concurrency` connections, until stopped: every 201 is an account the
 * server says it stored. Each comes from an address of its own (the app trusts X-Forwarded-For from loopback),
 * so the per-address sign-up limit does not refuse them.
 */
export function startSignUpLoad(baseUrl: string | (() => string), concurrency: number): WriteLoad {
  const writes: Write[] = [];
  let stopped = false;
  const urlOf = typeof baseUrl === "string" ? () => baseUrl : baseUrl;
  const worker = async () => {
    while (!stopped) {
      const email = `load-${randomBytes(6).toString("hex")}@example.com`;
      const [a = 0, b = 0, c = 0] = randomBytes(3);
      const write: Write = { email, sentAt: performance.now(), endedAt: 0, status: undefined };
      try {
        const response = await fetch(`${urlOf()}/api/auth/signup`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": `10.${a}.${b}.${c}` },
          body: JSON.stringify({ email, password: STRONG_PASSWORD, firstName: "Lo", lastName: "Ad" }),
          signal: AbortSignal.timeout(20_000),
        });
        const text = await response.text();
        write.status = response.status;
        if (!response.ok) write.code = (JSON.parse(text) as { code?: string }).code;
        write.endedAt = performance.now();
      } catch (error) {
        write.endedAt = performance.now();
        write.error = error instanceof Error ? String(error.cause ?? error.message) : String(error);
        // A refused connection returns at once: do not spin while the server is away.
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      writes.push(write);
    }
  };
  const workers = Array.from({ length: concurrency }, worker);
  return {
    writes,
    async acknowledged(count) {
      const deadline = performance.now() + 60_000;
      while (writes.filter((w) => w.status !== undefined && w.status < 300).length < count) {
        if (performance.now() > deadline)
          throw new Error(`fewer than ${count} writes acknowledged within 60 s`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      stopped = true;
      await Promise.all(workers);
      return writes;
    },
  };
}

/** Which of these accounts the database holds. */
export async function storedEmails(db: pg.ClientBase | pg.Pool, emails: string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ email: string }>("select email from users where email = any($1)", [
    emails,
  ]);
  return new Set(rows.map((row) => row.email));
}
