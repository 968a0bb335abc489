import { afterEach, describe, expect, it } from "vitest";
import { createApiClient } from "./client";
import { ApiError, unwrap } from "./errors";
import { formData } from "./form-data";
import {
  formDataOf,
  never,
  type ReceivedRequest,
  type Reply,
  startTestServer,
  type TestServer,
} from "./test-server";
import { createTestLock, type StoredSession, TestSession } from "./test-session";

let server: TestServer;
afterEach(() => server.close());

const credentials = { email: "ana@example.com", refreshToken: "refresh-1" };
const expired: Reply = { status: 401, json: { message: "Your session has expired", code: "TOKEN_EXPIRED" } };
const renewed: Reply = { status: 200, json: { idToken: "fresh", refreshToken: "refresh-2" } };

const isRefresh = (r: ReceivedRequest) => r.path === "/auth/refresh-token";
const refreshCalls = () => server.requests.filter(isRefresh);
const callsTo = (path: string) => server.requests.filter((r) => r.path === path);
const json = (r: ReceivedRequest): unknown => JSON.parse(r.body.toString());
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const thrown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(thrown instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(thrown)}`);
  return thrown;
}

describe("a 401 with refresh credentials", () => {
  it("five concurrent 401s share one refresh, and each request is retried with its own body", async () => {
    const allFailed = deferred();
    let stale = 0;
    server = await startTestServer(async (request) => {
      if (isRefresh(request)) {
        await sleep(100);
        return renewed;
      }
      if (request.headers.authorization === "Bearer fresh") return { status: 200, json: json(request) };
      // Answer only once all five are on the wire, so the 401s are truly concurrent.
      stale += 1;
      if (stale === 5) allFailed.resolve();
      await allFailed.promise;
      return expired;
    });
    const session = new TestSession("stale", credentials);
    const api = createApiClient({ baseUrl: server.baseUrl, session });
    const names = ["Ana", "Bea", "Cai", "Dia", "Eli"];

    const users = await Promise.all(
      names.map((firstName) => unwrap(api.PATCH("/user", { body: { firstName } }))),
    );

    expect(users.map((u) => u.firstName)).toEqual(names);
    expect(refreshCalls()).toHaveLength(1);
    expect(json(refreshCalls()[0] as ReceivedRequest)).toEqual(credentials);
    expect(session.refreshedTokens).toEqual(["fresh"]);
    expect(session.credentials?.refreshToken).toBe("refresh-2");
    const retried = callsTo("/user").filter((r) => r.headers.authorization === "Bearer fresh");
    expect(retried.map((r) => json(r)).toSorted()).toEqual(
      names.map((firstName) => ({ firstName })).toSorted(),
    );
    expect(callsTo("/user")).toHaveLength(10);
  });

  it("a 401 that arrives after the refresh finished is retried with the new token, not refreshed again", async () => {
    const refreshed = deferred();
    server = await startTestServer(async (request) => {
      if (isRefresh(request)) {
        setTimeout(refreshed.resolve, 20);
        return renewed;
      }
      if (request.headers.authorization === "Bearer fresh")
        return { status: 200, json: { firstName: "Ana" } };
      if (request.path === "/user/me") await refreshed.promise; // sent with the old token, answered late
      return expired;
    });
    const session = new TestSession("stale", credentials);
    const api = createApiClient({ baseUrl: server.baseUrl, session });

    const [me, updated] = await Promise.all([
      unwrap(api.GET("/user/me")),
      unwrap(api.PATCH("/user", { body: { firstName: "Ana" } })),
    ]);

    expect([me.firstName, updated.firstName]).toEqual(["Ana", "Ana"]);
    expect(refreshCalls()).toHaveLength(1);
  });

  it("a multipart upload is retried with its file", async () => {
    server = await startTestServer((request) => {
      if (isRefresh(request)) return renewed;
      if (request.headers.authorization !== "Bearer fresh") return expired;
      return { status: 200, json: { profilePicture: `/uploads/${request.body.length}` } };
    });
    const api = createApiClient({ baseUrl: server.baseUrl, session: new TestSession("stale", credentials) });
    const file = new File(["picture bytes"], "me.png", { type: "image/png" });

    await unwrap(api.PATCH("/user/profile-picture", { body: formData({ file }) }));

    const [first, retry] = callsTo("/user/profile-picture");
    if (!first || !retry) throw new Error("expected the upload and its retry");
    const part = (await formDataOf(retry)).get("file");
    expect(part instanceof File && (await part.text())).toBe("picture bytes");
    expect(retry.body.equals(first.body)).toBe(true);
  });

  it("a failed refresh expires the session once and every queued request fails with the 401 message", async () => {
    const allFailed = deferred();
    let stale = 0;
    server = await startTestServer(async (request) => {
      if (isRefresh(request)) return { status: 401, json: { message: "Refresh token revoked" } };
      stale += 1;
      if (stale === 3) allFailed.resolve();
      await allFailed.promise;
      return expired;
    });
    const session = new TestSession("stale", credentials);
    const api = createApiClient({ baseUrl: server.baseUrl, session });

    const errors = await Promise.all([1, 2, 3].map(() => rejection(unwrap(api.GET("/user/me")))));

    expect(errors.map((e) => [e.status, e.message])).toEqual(
      Array(3).fill([401, "Your session has expired"]),
    );
    expect(session.expiredCalls).toBe(1);
    expect(session.refreshedTokens).toEqual([]);
    expect(refreshCalls()).toHaveLength(1);
    expect(callsTo("/user/me")).toHaveLength(3); // no retry
  });

  it("a refresh that gets no response expires the session", async () => {
    server = await startTestServer((request) => (isRefresh(request) ? never() : expired));
    const session = new TestSession("stale", credentials);
    const api = createApiClient({ baseUrl: server.baseUrl, session, timeoutMs: 200 });

    const error = await rejection(unwrap(api.GET("/user/me")));

    expect(error.message).toBe("Your session has expired");
    expect(session.expiredCalls).toBe(1);
  });

  it("a retried request that gets 401 again fails without another refresh", async () => {
    server = await startTestServer((request) => (isRefresh(request) ? renewed : expired));
    const session = new TestSession("stale", credentials);
    const api = createApiClient({ baseUrl: server.baseUrl, session });

    const error = await rejection(unwrap(api.GET("/user/me")));

    expect(error.status).toBe(401);
    expect(refreshCalls()).toHaveLength(1);
    expect(callsTo("/user/me").map((r) => r.headers.authorization)).toEqual(["Bearer stale", "Bearer fresh"]);
    expect(session.expiredCalls).toBe(0);
  });
});

describe("a 401 without refresh", () => {
  it("is returned as is when there are no refresh credentials", async () => {
    server = await startTestServer(() => expired);
    const session = new TestSession("stale");
    const api = createApiClient({ baseUrl: server.baseUrl, session });

    const error = await rejection(unwrap(api.GET("/user/me")));

    expect(error.message).toBe("Your session has expired");
    expect(refreshCalls()).toHaveLength(0);
    expect(session.expiredCalls).toBe(0);
  });

  it("from a sign-in call shows the server's message and refreshes nothing", async () => {
    server = await startTestServer(() => ({ status: 401, json: { message: "Incorrect email or password" } }));
    const session = new TestSession("stale", credentials);
    const api = createApiClient({ baseUrl: server.baseUrl, session });

    const error = await rejection(
      unwrap(api.POST("/auth/login", { body: { email: "ana@example.com", password: "Wrong-pass1!" } })),
    );

    expect(error.message).toBe("Incorrect email or password");
    expect(refreshCalls()).toHaveLength(0);
    expect(session.expiredCalls).toBe(0);
  });
});

describe("tabs that share one stored session", () => {
  it("refresh once between them: the tab that waited for the lock takes the other's new tokens", async () => {
    const allFailed = deferred();
    let stale = 0;
    const spent = new Set<string>();
    server = await startTestServer(async (request) => {
      if (isRefresh(request)) {
        // The server's rule (docs/decisions.md "Accounts and tokens"): a refresh token works once; presenting it
        // again ends the session.
        const { refreshToken } = json(request) as { refreshToken: string };
        if (spent.has(refreshToken)) return { status: 401, json: { message: "Your session has ended." } };
        spent.add(refreshToken);
        await sleep(50);
        return renewed;
      }
      if (request.headers.authorization === "Bearer fresh")
        return { status: 200, json: { firstName: "Ana" } };
      stale += 1;
      if (stale === 2) allFailed.resolve();
      await allFailed.promise;
      return expired;
    });
    const stored: StoredSession = { idToken: "stale", credentials };
    const tabs = [
      new TestSession("stale", credentials, stored),
      new TestSession("stale", credentials, stored),
    ];
    const lock = createTestLock();
    const apis = tabs.map((session) => createApiClient({ baseUrl: server.baseUrl, session, lock }));

    const users = await Promise.all(apis.map((api) => unwrap(api.GET("/user/me"))));

    expect(users.map((user) => user.firstName)).toEqual(["Ana", "Ana"]);
    expect(refreshCalls()).toHaveLength(1);
    expect(tabs.map((tab) => [tab.idToken, tab.credentials?.refreshToken, tab.expiredCalls])).toEqual([
      ["fresh", "refresh-2", 0],
      ["fresh", "refresh-2", 0],
    ]);
    expect(stored).toEqual({ idToken: "fresh", credentials: { ...credentials, refreshToken: "refresh-2" } });
  });

  it("refresh nothing for a tab whose session another tab signed out while its request was out", async () => {
    server = await startTestServer((request) => (isRefresh(request) ? renewed : expired));
    const stored: StoredSession = { idToken: "stale", credentials };
    const session = new TestSession("stale", credentials, stored);
    const api = createApiClient({ baseUrl: server.baseUrl, session, lock: createTestLock() });
    // The other tab's sign-out, which this tab has not read yet.
    stored.idToken = undefined;
    stored.credentials = undefined;

    const error = await rejection(unwrap(api.GET("/user/me")));

    expect(error.status).toBe(401);
    expect(refreshCalls()).toHaveLength(0);
    expect([session.idToken, session.credentials, session.expiredCalls]).toEqual([undefined, undefined, 0]);
  });

  it.each([
    ["before its 401 came back", true],
    ["while it waited for the lock", false],
  ])(
    "retry nothing as a user another tab signed in %s: the request was the previous user's",
    async (_, seen) => {
      const onTheWire = deferred();
      const answer = deferred();
      server = await startTestServer(async (request) => {
        if (isRefresh(request)) return renewed;
        onTheWire.resolve();
        await answer.promise;
        return expired;
      });
      const stored: StoredSession = { idToken: "stale", credentials };
      const session = new TestSession("stale", credentials, stored);
      const api = createApiClient({ baseUrl: server.baseUrl, session, lock: createTestLock() });

      const patched = rejection(unwrap(api.PATCH("/user", { body: { firstName: "Ana" } })));
      await onTheWire.promise;
      stored.idToken = "bea-id-token";
      stored.credentials = { email: "bea@example.com", refreshToken: "bea-refresh-1" };
      if (seen) session.reload(); // the storage event, handled while the request was on the wire
      answer.resolve();
      const error = await patched;

      expect(error.status).toBe(401);
      expect(refreshCalls()).toHaveLength(0);
      expect(callsTo("/user").map((r) => r.headers.authorization)).toEqual(["Bearer stale"]);
    },
  );
});
