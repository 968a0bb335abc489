import { once } from "node:events";
import { connect, type Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/app";
import { BODY_LIMIT_BYTES, BODY_TOO_LARGE_MESSAGE, REFUSED_BODY_DRAIN } from "../kernel/limits";

let t: TestApp;
let port: number;
let authorization: string;
beforeAll(async () => {
  t = await buildTestApp();
  authorization = await t.authorization();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  port = typeof address === "object" && address ? address.port : 0;
  return () => t.close();
});

const TWO_MB = 2 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, " ");

/** Resolves when the socket has taken the write, or says it stalled: the server stopped reading. */
function write(socket: Socket, data: Buffer | string): Promise<"written" | "stalled"> {
  return Promise.race([
    new Promise<"written">((done) => socket.write(data, () => done("written"))),
    sleep(5000).then(() => "stalled" as const),
  ]);
}

/** Waits until the socket closes or has received a whole answer (its head and Content-Length bytes). */
async function readAnswer(socket: Socket): Promise<{ head: string; body: string }> {
  const received: Buffer[] = [];
  const answer = () => {
    const text = Buffer.concat(received).toString();
    const end = text.indexOf("\r\n\r\n");
    const head = end < 0 ? text : text.slice(0, end);
    const body = end < 0 ? "" : text.slice(end + 4);
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? Number.NaN);
    return { head, body, complete: Buffer.byteLength(body) >= length };
  };
  await new Promise<void>((done) => {
    const timer = setTimeout(done, 5000);
    const finish = () => {
      clearTimeout(timer);
      done();
    };
    socket.on("data", (data: Buffer) => {
      received.push(data);
      if (answer().complete) finish();
    });
    socket.once("close", finish);
    if (socket.destroyed) finish();
    socket.resume();
  });
  socket.destroy();
  return answer();
}

/**
 * A client that sends the whole body, 64 KB every few milliseconds, and reads the answer only then (as a client
 * busy sending does): a connection reset in between erases the answer it has not read yet.
 */
async function sendThenRead(o: {
  path: string;
  headers?: Record<string, string>;
  size: number;
  chunked?: boolean;
}): Promise<{ head: string; body: string; error: string | undefined; sent: number }> {
  const socket = connect(port, "127.0.0.1");
  await once(socket, "connect");
  socket.pause();
  let error: string | undefined;
  socket.on("error", (e: NodeJS.ErrnoException) => {
    error = e.code ?? e.message;
  });
  const headers = {
    host: "localhost",
    "content-type": "application/json",
    ...(o.chunked ? { "transfer-encoding": "chunked" } : { "content-length": String(o.size) }),
    ...o.headers,
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.write(`POST ${o.path} HTTP/1.1\r\n${head.join("")}\r\n`);
  let sent = 0;
  while (sent < o.size && error === undefined) {
    const frame = o.chunked
      ? Buffer.concat([Buffer.from(`${CHUNK.length.toString(16)}\r\n`), CHUNK, Buffer.from("\r\n")])
      : CHUNK;
    if ((await write(socket, frame)) === "stalled") error = "stalled";
    else sent += CHUNK.length;
    await sleep(2);
  }
  if (o.chunked && error === undefined) socket.write("0\r\n\r\n");
  return { ...(await readAnswer(socket)), error, sent };
}

const refused = {
  code: "PAYLOAD_TOO_LARGE",
  requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
  message: BODY_TOO_LARGE_MESSAGE,
};

describe("a body over the limit is answered 413 to a client still sending it", () => {
  it("through Node's fetch, streaming 2 MB", async () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent >= TWO_MB) return controller.close();
        await sleep(5);
        sent += CHUNK.length;
        controller.enqueue(new Uint8Array(CHUNK));
      },
    });
    const response = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: "POST",
      body,
      headers: { "content-type": "application/json" },
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject(refused);
  });

  it.each([
    ["declared with Content-Length", { path: "/api/auth/login", size: TWO_MB }],
    ["sent chunked", { path: "/api/auth/login", size: TWO_MB, chunked: true }],
    ["to a signed-in operation", { path: "/api/user", size: TWO_MB, chunked: true }],
    // More than the sockets' buffers hold: the server must go on reading.
    ["to the webhook, which keeps the raw body", { path: "/api/subscriptions/webhook", size: 4 * TWO_MB }],
  ])("%s: the client reads the 413 after sending it all", async (_, request) => {
    const outcome = await sendThenRead({ ...request, headers: { authorization } });
    expect(outcome.error).toBeUndefined();
    expect(outcome.sent).toBe(request.size);
    expect(outcome.head).toMatch(/^HTTP\/1\.1 413 /);
    expect(JSON.parse(outcome.body)).toMatchObject(refused);
  });

  it("reads no more than its drain limit of a body: past it the connection is cut", async () => {
    const outcome = await sendThenRead({ path: "/api/auth/login", size: 4 * REFUSED_BODY_DRAIN.bytes });
    expect(outcome.sent).toBeGreaterThan(REFUSED_BODY_DRAIN.bytes);
    expect(outcome.sent).toBeLessThan(REFUSED_BODY_DRAIN.bytes + 2 * BODY_LIMIT_BYTES + 8 * 1024 * 1024);
    expect(outcome.error).toBeDefined();
  });
});
