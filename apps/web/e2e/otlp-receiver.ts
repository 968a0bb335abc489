import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** One OTLP/HTTP post as the receiver got it. */
export interface ReceivedPost {
  path: string;
  /** The `token` query parameter (browsers), if any. */
  token: string | null;
  authorization: string | undefined;
  contentType: string | undefined;
  bytes: number;
  /** What the receiver answered. */
  status: number;
  spans: ReceivedSpan[];
}

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  scope: string;
  service: string | undefined;
  attributes: Record<string, unknown>;
}

export interface OtlpReceiver {
  url: string;
  posts: ReceivedPost[];
  /** Statuses the next browser posts (those with a token) are answered with, in order; then 200. */
  failNextBrowserPosts(statuses: number[]): void;
  close(): Promise<void>;
}

interface OtlpAttribute {
  key: string;
  value: Record<string, unknown>;
}
interface OtlpTraces {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: {
      scope?: { name?: string };
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        attributes?: OtlpAttribute[];
      }[];
    }[];
  }[];
}

const attributesOf = (list: OtlpAttribute[] = []) =>
  Object.fromEntries(list.map(({ key, value }) => [key, Object.values(value)[0]]));

function spansOf(body: string): ReceivedSpan[] {
  let parsed: OtlpTraces;
  try {
    parsed = JSON.parse(body) as OtlpTraces;
  } catch {
    return [];
  }
  return (parsed.resourceSpans ?? []).flatMap((resource) => {
    const service = attributesOf(resource.resource?.attributes)["service.name"];
    return (resource.scopeSpans ?? []).flatMap((scope) =>
      (scope.spans ?? []).map((span) => ({
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId ?? "",
        name: span.name,
        scope: scope.scope?.name ?? "",
        service: typeof service === "string" ? service : undefined,
        attributes: attributesOf(span.attributes),
      })),
    );
  });
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => done(Buffer.concat(chunks).toString("utf8")));
    request.on("error", fail);
  });
}

/**
 * A stand-in for an OpenTelemetry collector's OTLP/HTTP JSON receiver: records every post (traces and metrics,
 * from the server and from browsers) and answers browsers' CORS preflights, allowing the calling origin with
 * credentials as a beacon needs.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const posts: ReceivedPost[] = [];
  let failures: number[] = [];
  const server = createServer(async (request, response) => {
    const origin = request.headers.origin;
    if (origin) {
      response.setHeader("Access-Control-Allow-Origin", origin);
      response.setHeader("Access-Control-Allow-Credentials", "true");
      response.setHeader("Vary", "Origin");
    }
    if (request.method === "OPTIONS") {
      response.writeHead(204, {
        "Access-Control-Allow-Methods": "POST",
        "Access-Control-Allow-Headers": "content-type",
        "Access-Control-Max-Age": "600",
      });
      response.end();
      return;
    }
    const url = new URL(request.url ?? "/", "http://receiver");
    const body = await readBody(request);
    const token = url.searchParams.get("token");
    const status = token !== null ? (failures.shift() ?? 200) : 200;
    posts.push({
      path: url.pathname,
      token,
      authorization: request.headers.authorization,
      contentType: request.headers["content-type"],
      bytes: Buffer.byteLength(body),
      status,
      spans: url.pathname === "/v1/traces" ? spansOf(body) : [],
    });
    response.writeHead(status, {
      "Content-Type": "application/json",
      ...(status === 200 ? {} : { "Retry-After": "1" }),
    });
    response.end("{}");
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    posts,
    failNextBrowserPosts(statuses) {
      failures = [...statuses];
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
