import { afterEach, describe, expect, it } from "vitest";
import { createApiClient } from "./client";
import { ApiError, errorMessage, unwrap } from "./errors";
import { never, type Reply, startTestServer, type TestServer } from "./test-server";
import { TestSession } from "./test-session";

let server: TestServer | undefined;
afterEach(() => server?.close());

async function failureOf(reply: () => Reply | Promise<Reply>, timeoutMs?: number): Promise<ApiError> {
  server = await startTestServer(reply);
  const api = createApiClient({ baseUrl: server.baseUrl, session: new TestSession("t"), timeoutMs });
  return rejection(unwrap(api.GET("/user/me")));
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const thrown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(thrown).toBeInstanceOf(ApiError);
  if (!(thrown instanceof ApiError)) throw new Error("expected an ApiError");
  return thrown;
}

const serverSays = { message: "Something only the server knows", code: "SOMETHING_SPECIFIC" };

describe("the docs/product.md §8 catalogue", () => {
  it.each([
    [400, "Bad Request"],
    [403, "Forbidden"],
    [404, "Not Found"],
    [500, "Internal Server Error"],
    [502, "Bad Gateway"],
    [503, "Service Unavailable"],
    [504, "Gateway Timeout"],
  ])("%i shows '%s' and keeps what the server said beside it", async (status, message) => {
    const error = await failureOf(() => ({ status, statusText: "Custom Reason", json: serverSays }));

    expect(error.message).toBe(message);
    expect(error.status).toBe(status);
    expect(error.serverMessage).toBe(serverSays.message);
    expect(error.code).toBe(serverSays.code);
  });

  it("401 shows the server's message", async () => {
    const error = await failureOf(() => ({
      status: 401,
      json: { message: "Incorrect email or password", code: "INVALID_CREDENTIALS" },
    }));

    expect(error.message).toBe("Incorrect email or password");
    expect(error.code).toBe("INVALID_CREDENTIALS");
  });

  it("401 without a server message shows 'Unauthorized'", async () => {
    const error = await failureOf(() => ({ status: 401 }));

    expect(error.message).toBe("Unauthorized");
    expect(error.serverMessage).toBeUndefined();
  });

  it("an unlisted status shows its status text", async () => {
    const error = await failureOf(() => ({ status: 418, json: serverSays }));

    expect(error.message).toBe("I'm a Teapot"); // Node's reason phrase, as fetch reports it
    expect(error.serverMessage).toBe(serverSays.message);
  });

  it("an unlisted status without status text shows 'An unexpected error occurred'", async () => {
    const error = await failureOf(() => ({ status: 499, statusText: "", json: serverSays }));

    expect(error.message).toBe("An unexpected error occurred");
    expect(error.status).toBe(499);
  });

  it("a body that is not the Error shape still gives the catalogue text", async () => {
    const error = await failureOf(() => ({ status: 502, json: ["upstream", 42] }));

    expect(error.message).toBe("Bad Gateway");
    expect(error.serverMessage).toBeUndefined();
  });

  it("keeps field details and the request id for forms and support", async () => {
    const body = {
      message: "body/email must match format email",
      code: "VALIDATION_FAILED",
      requestId: "req-42",
      details: [{ path: "/email", message: "must match format email" }, { message: "one more" }, "junk"],
    };
    const error = await failureOf(() => ({ status: 400, json: body }));

    expect(error.message).toBe("Bad Request");
    expect(error.requestId).toBe("req-42");
    expect(error.details).toEqual([
      { path: "/email", message: "must match format email" },
      { message: "one more" },
    ]);
  });
});

describe("no response", () => {
  it("a request that outlives the timeout fails with 'No response received from server'", async () => {
    const started = performance.now();
    const error = await failureOf(never, 200);

    expect(error.message).toBe("No response received from server");
    expect(error.status).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("a refused connection fails with 'No response received from server'", async () => {
    const closed = await startTestServer(() => ({ status: 200 }));
    await closed.close();
    const api = createApiClient({ baseUrl: closed.baseUrl, session: new TestSession("t") });

    const error = await rejection(unwrap(api.GET("/user/me")));

    expect(error.message).toBe("No response received from server");
  });

  it("the caller's own abort is not reported as a lost response", async () => {
    server = await startTestServer(never);
    const api = createApiClient({ baseUrl: server.baseUrl, session: new TestSession("t") });
    const controller = new AbortController();

    const pending = rejection(unwrap(api.GET("/user/me", { signal: controller.signal })));
    setTimeout(() => controller.abort(), 50);
    const error = await pending;

    expect(error.message).toBe("This operation was aborted");
  });
});

describe("other failures", () => {
  it("a 2xx with an unreadable body fails with the error's own message", async () => {
    server = await startTestServer(() => ({ status: 200, text: "<html>maintenance</html>" }));
    const api = createApiClient({ baseUrl: server.baseUrl, session: new TestSession("t") });
    const expected = await new Response("<html>maintenance</html>").json().catch((e: Error) => e.message);

    const error = await rejection(unwrap(api.GET("/user/me")));

    expect(error.message).toBe(expected);
  });

  it("errorMessage gives the text to show for anything thrown", () => {
    expect(errorMessage(new ApiError("Forbidden", { status: 403 }))).toBe("Forbidden");
    expect(errorMessage(new Error("Your card was declined."))).toBe("Your card was declined.");
    expect(errorMessage("plain text")).toBe("plain text");
    expect(errorMessage(undefined)).toBe("An unexpected error occurred");
    expect(errorMessage({ weird: true })).toBe("An unexpected error occurred");
  });
});
