import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from "fastify";
import type { Logger } from "pino";
import type { AppConfig } from "../config/env";
import type { Db } from "../db/client";
import type { ReplicaReads } from "../db/read-model/replica-reads";
import type { AppDeps } from "../kernel/deps";
import type { HandlerMap } from "../kernel/handler-types";
import { BODY_LIMIT_BYTES } from "../kernel/limits";
import { redactUrl } from "../lib/redact-url";
import { runHousekeeping } from "../modules/auth/housekeeping";
import { sharedReportPage } from "../modules/shared-reports/report-page";
import { deleteExpiredSamlAssertions } from "../modules/sso/saml/saml-replay.repo";
import { decorateUserId, settleAfterWrites } from "./authenticate";
import { registerAnswerCompression } from "./compression";
import { loadContract } from "./contract";
import { createDeps } from "./deps";
import { answerError, registerErrorHandler, sendNotFound } from "./error-handler";
import { handlers as allHandlers } from "./handlers";
import { registerMedia } from "./media";
import { requestIdOf } from "./request-id";
import { registerOperations } from "./routes";
import { registerSampleLogos } from "./sample-logos";
import { securityHeaders } from "./security-headers";
import { isAppRoute, registerWebApp, type SendAppShell } from "./web-app";

/** The `token` of a page's query (a string, once), as /report's link carries it. */
const tokenOf = (query: unknown): string | undefined => {
  const token = (query as { token?: unknown } | undefined)?.token;
  return typeof token === "string" && token.length > 0 && token.length <= 128 ? token : undefined;
};

export interface AppOptions {
  config: AppConfig;
  db: Db;
  log: Logger;
  /** The OpenAPI document (path or parsed); the repository's contract by default. */
  contract?: string | object;
  handlers?: HandlerMap;
  /**
   * Resolves once every change committed so far has been heard (db/read-model/change-listener.ts): write requests wait
   * for it, so their callers read what they wrote. Without it nothing is kept in memory to be out of date.
   */
  settle?: () => Promise<void>;
  /**
   * A read replica's router (DATABASE_REPLICA_URL): GET requests of a workspace read through it, and write requests
   * tell it their workspace's WAL position (db/read-model/replica-reads.ts).
   */
  replica?: ReplicaReads;
  /** Replaces dependencies (a test clock, a mail sink, storage…); the rest come from the config. */
  deps?: Partial<AppDeps>;
}

/**
 * One log line per request, once it is answered: the request's method and URL with the status and time taken.
 * Fastify's default also logs each request on arrival, a second line that costs about as much as the first on
 * a hot read. Lines carry the request id (requestId) as before; errors are still logged at error level.
 */
class RequestLogLines extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    // The URL as sent may carry a secret (an invitation link's token, an OpenID callback's code): redacted.
    const req = {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
    const line = { req, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log.info(line, "request completed");
  }
}

/** Expired codes, sessions and rate-limit buckets are swept this often. */
const HOUSEKEEPING_INTERVAL_MS = 10 * 60 * 1000;

/** A hop count means: trust that many proxies in front of the app. */
function trustProxyOption(value: AppConfig["trustProxy"]) {
  return typeof value === "number" ? (_address: string, hop: number) => hop < value : value;
}

/** The HTTP server, ready to listen or to inject requests into. Rejects when contract and handlers differ. */
export async function buildApp(o: AppOptions): Promise<FastifyInstance> {
  const operations = await loadContract(o.contract);
  const app = Fastify({
    loggerInstance: o.log as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(o.config.trustProxy),
    genReqId: requestIdOf,
    requestIdHeader: false,
    logController: new RequestLogLines({ requestIdLogLabel: "requestId" }),
    // A URL the router cannot route (a bad %-escape, a parameter over maxParamLength) is answered before any
    // hook runs: the same Error body and headers as every other answer.
    frameworkErrors: (error, request, reply) => {
      reply.header("x-request-id", request.id).headers(security).header("cache-control", "no-store");
      return answerError(error, request, reply);
    },
  });
  const deps = createDeps(o.config, o.db, app.log, o.deps);
  decorateUserId(app);
  if (o.settle) settleAfterWrites(app, o.settle, o.replica);
  registerErrorHandler(app);
  const security = securityHeaders({
    imageOrigins: deps.storage.externalOrigin ? [deps.storage.externalOrigin] : [],
    stripe: o.config.stripe !== undefined,
    telemetryOrigin: o.config.otel ? new URL(o.config.otel.endpoint).origin : undefined,
  });
  // Hooks that run on every request take a callback rather than being async: no promise per request and hook.
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    reply.headers(security);
    done();
  });
  // Once closing, answers end their keep-alive connection: close() waits for every connection to go.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (closing) reply.header("connection", "close");
    done(null, payload);
  });

  await app.register(
    async (api) => {
      await registerAnswerCompression(api);
      api.addHook("onSend", (_request, reply, payload, done) => {
        // Answers depend on the caller and change with every write: never cached, unless a handler says so.
        if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
        done(null, payload);
      });
      registerOperations(api, {
        operations,
        handlers: o.handlers ?? allHandlers,
        config: o.config,
        db: o.db,
        replica: o.replica,
        deps,
      });
    },
    { prefix: "/api" },
  );
  if (deps.storage.read) registerMedia(app, deps.storage.read);
  registerSampleLogos(app);

  // The one-use states (sign-ins, SAML hand-offs, connector consents) are swept by the sweep-one-use-states job
  // where jobs run (kernel/one-use-state.ts); what is left here is the auth tables' and the SAML replay cache's.
  const housekeeping = setInterval(() => {
    const now = deps.clock.now();
    Promise.all([runHousekeeping(o.db, now), deleteExpiredSamlAssertions(o.db, { now })]).catch(
      (error: unknown) => app.log.warn({ err: error }, "Housekeeping failed"),
    );
  }, HOUSEKEEPING_INTERVAL_MS);
  housekeeping.unref();
  app.addHook("onClose", async () => {
    clearInterval(housekeeping);
    await deps.mailer.close();
  });

  const serveWebApp = o.config.nodeEnv === "production";
  const sendAppShell: SendAppShell | undefined = serveWebApp
    ? await registerWebApp(app, o.config.webDistDir, {
        // The shared report's first paint, written by its module (docs/shared-reports.md "The first paint"):
        // a public page, read as getSharedReport reads it, with no caller.
        "/report": (request, template) =>
          sharedReportPage(
            {
              ...deps,
              db: o.db,
              config: o.config,
              log: request.log,
              requestId: request.id,
              ip: request.ip,
              userId: undefined,
              workspaceId: undefined,
              sessionId: undefined,
              role: undefined,
              brandId: undefined,
            },
            tokenOf(request.query),
            template,
          ),
      })
    : undefined;
  app.setNotFoundHandler((request, reply) =>
    sendAppShell && isAppRoute(request) ? sendAppShell(request, reply) : sendNotFound(request, reply),
  );
  await app.ready();
  return app;
}
