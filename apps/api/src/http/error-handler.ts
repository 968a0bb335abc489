import { STATUS_CODES } from "node:http";
import type { components } from "@brandscope/api-client/schema";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError, BeingComputed, type ErrorBody, RetryLaterError } from "../kernel/errors";
import { BODY_TOO_LARGE_MESSAGE } from "../kernel/limits";
import { drainRefusedBody } from "./refused-body";

type FiguresComputing = components["schemas"]["FiguresComputing"];

/** Fastify's own 4xx failures, in words a caller can act on. */
const frameworkErrors: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: "INVALID_JSON",
    message: "The request body is not valid JSON",
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: "INVALID_JSON", message: "The request body is empty" },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: "PAYLOAD_TOO_LARGE",
    message: BODY_TOO_LARGE_MESSAGE,
  },
  // The router's own answers (fastify.js onBadUrl, onMaxParamLength), which would otherwise echo the URL back.
  FST_ERR_BAD_URL: { status: 400, code: "BAD_URL", message: "The URL has a malformed %-escape" },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: "URI_TOO_LONG", message: "A part of the URL is too long" },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: "UNSUPPORTED_MEDIA_TYPE",
    message: "The request body's content type is not accepted",
  },
};

function codeFor(status: number): string {
  return (STATUS_CODES[status] ?? `HTTP ${status}`).toUpperCase().replace(/[^A-Z0-9]+/g, "_");
}

function describe(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    const { code, message, details } = error;
    return { status: error.statusCode, body: { message, code, ...(details ? { details } : {}) } };
  }
  if (!(error instanceof Error))
    return { status: 500, body: { message: "Internal Server Error", code: "INTERNAL_ERROR" } };
  const { code, statusCode } = error as Partial<FastifyError>;
  const known = code ? frameworkErrors[code] : undefined;
  if (known) return { status: known.status, body: { message: known.message, code: known.code } };
  // A 4xx from Fastify or a plugin describes the request; a 5xx message may describe internals.
  if (statusCode && statusCode >= 400 && statusCode < 500) {
    return { status: statusCode, body: { message: error.message, code: codeFor(statusCode) } };
  }
  return { status: 500, body: { message: "Internal Server Error", code: "INTERNAL_ERROR" } };
}

export function sendError(request: FastifyRequest, reply: FastifyReply, status: number, body: ErrorBody) {
  return reply
    .code(status)
    .type("application/json; charset=utf-8")
    .send({ ...body, requestId: request.id });
}

/** One shape for every failure: the contract's Error body with the request id. */
export function answerError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof BeingComputed) return answerBeingComputed(error, request, reply);
  const { status, body } = describe(error);
  // An AppError is an answer the code chose; anything else reaching a 5xx is a bug worth its stack.
  if (status >= 500 && !(error instanceof AppError)) request.log.error({ err: error }, "Request failed");
  else request.log.info({ status, code: body.code }, body.message);
  if (error instanceof RetryLaterError)
    reply.header("retry-after", String(Math.max(1, error.retryAfterSeconds)));
  if (status === 413) drainRefusedBody(request, reply);
  return sendError(request, reply, status, body);
}

/**
 * 202 with the contract's FiguresComputing body: the figures are a job's, read again after Retry-After. A browser
 * opening the address itself (a shared report's PDF link from an e-mail) is given a page saying so that loads it
 * again by itself, not JSON.
 */
function answerBeingComputed(error: BeingComputed, request: FastifyRequest, reply: FastifyReply) {
  const retryAfterSeconds = Math.max(1, error.retryAfterSeconds);
  reply.code(202).header("retry-after", String(retryAfterSeconds));
  if (opensAsPage(request)) {
    return reply
      .header("refresh", String(retryAfterSeconds))
      .header("cache-control", "no-store")
      .type("text/html; charset=utf-8")
      .send(computingPage(error.message));
  }
  const body: FiguresComputing = { status: "computing", message: error.message, retryAfterSeconds };
  return reply.type("application/json; charset=utf-8").send(body);
}

/** A navigation of the browser (its Accept names HTML first), not the web app's or a client's fetch. */
const opensAsPage = (request: FastifyRequest) => /^\s*text\/html/i.test(request.headers.accept ?? "");

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const computingPage = (message: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Brandscope: being computed</title>` +
  `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
  `<body><h1>Brandscope</h1><p>${escapeHtml(message)}</p><p>This page tries again by itself.</p></body></html>`;

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(answerError);
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return sendError(request, reply, 404, { message: "Not Found", code: "NOT_FOUND" });
}
