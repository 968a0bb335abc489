import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

// A real HTTP server on 127.0.0.1 for the tests: the client is exercised through undici's fetch, not a stub.

export interface ReceivedRequest {
  method: string;
  /** Path below the API base, e.g. "/user/me". */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface Reply {
  status: number;
  /** Sent as the reason phrase; Node's standard one when omitted. */
  statusText?: string;
  json?: unknown;
  /** A body sent as is, without a content type. */
  text?: string;
}

export interface TestServer {
  /** The API base, like "/api" in production. */
  baseUrl: string;
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

const apiBase = "/api";

export async function startTestServer(
  handle: (request: ReceivedRequest) => Reply | Promise<Reply>,
): Promise<TestServer> {
  const requests: ReceivedRequest[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(Buffer.from(chunk));
    const received: ReceivedRequest = {
      method: req.method ?? "",
      path: (req.url ?? "").replace(apiBase, ""),
      headers: req.headers,
      body: Buffer.concat(chunks),
    };
    requests.push(received);
    const reply = await handle(received);
    const body = reply.json === undefined ? (reply.text ?? "") : JSON.stringify(reply.json);
    const headers = reply.json === undefined ? {} : { "Content-Type": "application/json" };
    if (reply.statusText === undefined) res.writeHead(reply.status, headers);
    else res.writeHead(reply.status, reply.statusText, headers);
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${apiBase}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections(); // also drops requests a test left hanging on purpose
        server.close(() => resolve());
      }),
  };
}

/** Parses a multipart body the way a server would. */
export function formDataOf(request: ReceivedRequest): Promise<FormData> {
  const headers = { "content-type": request.headers["content-type"] ?? "" };
  return new Response(new Uint8Array(request.body), { headers }).formData();
}

/** A request that never gets an answer, for timeout tests. */
export const never = (): Promise<Reply> => new Promise(() => {});
