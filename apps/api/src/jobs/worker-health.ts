import { createServer, type ServerResponse } from "node:http";
import type { Logger } from "pino";
import type { Db } from "../db/client";
import { pingDatabase } from "../modules/system/industries.repo";

/** The worker's only HTTP answer (docs/operations.md "Topology"). */
export const WORKER_HEALTH_PATH = "/health";

export interface WorkerHealth {
  stop(): Promise<void>;
}

const send = (reply: ServerResponse, status: number, body: object) => {
  reply.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  reply.end(JSON.stringify(body));
};

/**
 * What a worker (PROCESS_KIND=worker) answers on PORT: `GET /health`, 200 `{"status":"ok","kind":"worker"}` while
 * the database answers a query (as the web's `/api/health`), 503 with the Error body when it does not; every other
 * path is a 404, so a worker put behind the web's load balancer by mistake fails its `/api/health` check.
 */
export async function serveWorkerHealth(o: { port: number; db: Db; log: Logger }): Promise<WorkerHealth> {
  const server = createServer((request, reply) => {
    if (request.method !== "GET" || request.url?.split("?")[0] !== WORKER_HEALTH_PATH) {
      send(reply, 404, {
        code: "NOT_FOUND",
        message: `A worker runs jobs and answers only GET ${WORKER_HEALTH_PATH}`,
      });
      return;
    }
    pingDatabase(o.db).then(
      () => send(reply, 200, { status: "ok", kind: "worker" }),
      (error: unknown) => {
        o.log.error({ err: error }, "Health check: the database does not answer");
        send(reply, 503, { code: "DATABASE_UNAVAILABLE", message: "The database is not available" });
      },
    );
  });
  // Probes only: nothing is worth keeping a connection open for.
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(o.port, "0.0.0.0", () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
