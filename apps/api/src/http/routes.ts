import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppConfig } from "../config/env";
import type { Db } from "../db/client";
import type { ReplicaReads } from "../db/read-model/replica-reads";
import type { AppDeps } from "../kernel/deps";
import type { HandlerMap, OperationInfo, RequestCtx } from "../kernel/handler-types";
import { keepRawBody } from "../kernel/raw-body";
import { authenticate } from "./authenticate";
import { chosenBrandId } from "./chosen-brand";
import { contentTypeGuard, mediaTypeOf } from "./content-type-guard";
import type { ContractOperation } from "./contract";
import { answerText } from "./json-answer";
import { roleGuard } from "./role-guard";
import { compileRequestValidator } from "./validation";

/** The shape every handler has at run time, once its operation's types are erased. */
type RuntimeHandler = (req: {
  params: unknown;
  query: unknown;
  body: unknown;
  ctx: RequestCtx;
  operation: OperationInfo;
  request: FastifyRequest;
  reply: FastifyReply;
}) => Promise<unknown>;

/** Pairs each operation with its handler; refuses a contract and handlers that do not match one to one. */
function matchHandlers(
  operations: ContractOperation[],
  handlers: HandlerMap,
): { op: ContractOperation; handler: RuntimeHandler }[] {
  // Safe: each handler only ever receives input validated against the contract its types come from.
  const byId = new Map(Object.entries(handlers as unknown as Record<string, RuntimeHandler>));
  const missing = operations.filter((op) => !byId.has(op.id));
  if (missing.length > 0) {
    const list = missing.map((op) => `${op.id} (${op.method} ${op.path})`).join(", ");
    throw new Error(
      `Contract operations without a handler: ${list}. Add each to apps/api/src/http/handlers.ts.`,
    );
  }
  const unknown = [...byId.keys()].filter((id) => !operations.some((op) => op.id === id));
  if (unknown.length > 0) {
    throw new Error(`Handlers for operations the contract does not have: ${unknown.join(", ")}`);
  }
  return operations.flatMap((op) => {
    const handler = byId.get(op.id);
    return handler ? [{ op, handler }] : [];
  });
}

/**
 * One Fastify route per contract operation: auth, the role the operation needs and the content-type guard on
 * onRequest (before the body is read), validation against the contract's schemas on preValidation, then the
 * handler, whose return value is sent with the operation's first 2xx status.
 */
export function registerOperations(
  api: FastifyInstance,
  o: {
    operations: ContractOperation[];
    handlers: HandlerMap;
    config: AppConfig;
    db: Db;
    replica?: ReplicaReads | undefined;
    deps: AppDeps;
  },
): void {
  const routes = matchHandlers(o.operations, o.handlers);
  const auth = authenticate({ db: o.db, deps: o.deps });
  // Uploads stay unread streams for their handler; nothing else parses multipart yet.
  api.addContentTypeParser("multipart/form-data", (_request, _payload, done) => done(null));
  // HTML forms (a form_post provider's answer): an object of the fields, the last of a repeated name winning.
  api.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, payload, done) => done(null, Object.fromEntries(new URLSearchParams(payload as string))),
  );

  for (const { op, handler } of routes) {
    const validate = compileRequestValidator(op);
    const operation = { id: op.id, summary: op.summary };
    api.route({
      method: op.method,
      url: op.path.replace(/\{([^}]+)\}/g, ":$1"),
      onRequest: op.secured ? [auth, roleGuard(op), contentTypeGuard(op)] : [contentTypeGuard(op)],
      ...(op.keepsRawBody ? { preParsing: keepRawBody } : {}),
      ...(op.carriesSecrets ? { compress: false as const } : {}),
      preValidation: async (request) => validate(request, mediaTypeOf(request)),
      handler: async (request, reply) => {
        request.reachedHandler = true;
        const ctx: RequestCtx = {
          ...o.deps,
          db: o.db,
          config: o.config,
          log: request.log,
          requestId: request.id,
          ip: request.ip,
          userId: request.auth?.userId,
          workspaceId: request.auth?.workspaceId,
          sessionId: request.auth?.sessionId,
          role: request.role,
          brandId: op.brandScoped ? await chosenBrandId(o.db, request) : undefined,
        };
        const { params, query, body } = request;
        const run = () => handler({ params, query, body, ctx, operation, request, reply });
        // A workspace's reads may be answered by the read replica (only the read model's queries go there);
        // the bearer and brand checks above ran on the primary.
        const { replica } = o;
        const result = await (replica && op.method === "GET" && ctx.workspaceId
          ? replica.read(ctx.workspaceId, run)
          : run());
        if (reply.sent) return reply;
        reply.code(op.success.status);
        const { contentType } = op.success;
        if (contentType === "application/json" && result !== undefined)
          return reply.type("application/json; charset=utf-8").send(answerText(result));
        if (contentType) reply.type(contentType);
        return reply.send(result);
      },
    });
  }
}
