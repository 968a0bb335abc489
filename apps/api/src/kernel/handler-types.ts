import type { Readable } from "node:stream";
import type { operations } from "@brandscope/api-client/schema";
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import type { AppConfig } from "../config/env";
import type { Db } from "../db/client";
import type { AppDeps } from "./deps";

export type OperationId = keyof operations;

/** What every handler gets besides its typed input: the database, config, logger, dependencies and caller. */
export interface RequestCtx extends AppDeps {
  db: Db;
  config: AppConfig;
  log: FastifyBaseLogger;
  requestId: string;
  /** The caller's address (X-Forwarded-For only counts when TRUST_PROXY says so). */
  ip: string;
  /** The bearer's `sub`; set on every operation the contract secures, undefined on public ones. */
  userId: string | undefined;
  /** The bearer's workspace and sign-in (session), set with userId. */
  workspaceId: string | undefined;
  sessionId: string | undefined;
  /**
   * The bearer's role in that workspace. The contract's `x-role` gates whole operations (http/role-guard.ts); a
   * service reads it only where one parameter of an operation is an admin's (competitor.service.ts `refresh`).
   */
  role: "owner" | "admin" | "member" | undefined;
  /**
   * The brand the caller chose (`X-Brand-Id`) on a brand-scoped operation, already checked to be one of the
   * workspace's own; undefined means its newest (http/chosen-brand.ts).
   */
  brandId: string | undefined;
}

/**
 * What a read of a brand's figures needs: a request's context, or the one a job builds to read them as a member of
 * the workspace would (the weekly digest, modules/digest/digest-content.ts). A request has a job queue: figures it
 * finds missing or out of date are queued for a job, never computed in it beyond a custom range's bound
 * (modules/analytics/module-context.ts). A job's context has none and computes what it misses.
 */
export type ReadCtx = Pick<RequestCtx, "db" | "clock" | "brandId" | "workspaceId"> &
  Partial<Pick<RequestCtx, "jobs" | "customRangeComputeMs" | "log">>;

export interface OperationInfo {
  id: string;
  summary: string;
}

type Op<K extends OperationId> = operations[K];
type OrEmpty<T> = [T] extends [never] ? Record<string, never> : T;
type Parameters<K extends OperationId, In extends "path" | "query"> = OrEmpty<
  NonNullable<Op<K>["parameters"][In]>
>;

type JsonBody<K extends OperationId> =
  Op<K> extends { requestBody: { content: { "application/json": infer B } } }
    ? B
    : Op<K> extends { requestBody?: { content: { "application/json": infer B } } }
      ? B | undefined
      : Op<K> extends { requestBody: { content: { "application/x-www-form-urlencoded": infer B } } }
        ? B
        : undefined;

/** 303: the handler answers with reply.redirect and returns nothing. */
type SuccessStatus = 200 | 201 | 202 | 204 | 303;
type ContentOf<R> = R extends { content: { "application/json": infer B } }
  ? B
  : R extends { content: Record<string, infer T> }
    ? T | Readable
    : undefined;
type Responses<K extends OperationId> = Op<K>["responses"];
export type SuccessBody<K extends OperationId> = {
  [S in keyof Responses<K>]: S extends SuccessStatus ? ContentOf<Responses<K>[S]> : never;
}[keyof Responses<K>];

/** A request after auth and validation: params, query and JSON body have the contract's types. */
export interface HandlerRequest<K extends OperationId> {
  params: Parameters<K, "path">;
  query: Parameters<K, "query">;
  body: JsonBody<K>;
  ctx: RequestCtx;
  operation: OperationInfo;
  /** For what the typed parts do not cover (multipart streams, headers to set). */
  request: FastifyRequest;
  reply: FastifyReply;
}

/** Returns the body of the operation's first 2xx response (http/json-answer.ts serializes it); failures throw AppError. */
export type Handler<K extends OperationId> = (req: HandlerRequest<K>) => Promise<SuccessBody<K>>;

/** Handlers of a group of operations, for `satisfies` in each module's handlers file. */
export type Handlers<K extends OperationId> = { [P in K]: Handler<P> };

export type HandlerMap = Handlers<OperationId>;
