import { afterEach, describe, expect, it } from "vitest";
import { createApiClient } from "./client";
import { unwrap } from "./errors";
import { formData } from "./form-data";
import { formDataOf, type ReceivedRequest, startTestServer, type TestServer } from "./test-server";
import { TestSession } from "./test-session";

let server: TestServer;
afterEach(() => server.close());

const ok = (json: unknown = { status: "ok" }) => ({ status: 200, json });

function only(requests: ReceivedRequest[]): ReceivedRequest {
  expect(requests).toHaveLength(1);
  const [request] = requests;
  if (!request) throw new Error("no request arrived");
  return request;
}

describe("every request", () => {
  it("carries the idToken as a bearer credential", async () => {
    server = await startTestServer(() => ok());
    const api = createApiClient({ baseUrl: server.baseUrl, session: new TestSession("id-token-1") });

    await unwrap(api.GET("/health"));

    expect(only(server.requests).headers.authorization).toBe("Bearer id-token-1");
  });

  it("carries no credential when signed out", async () => {
    server = await startTestServer(() => ok());
    const api = createApiClient({ baseUrl: server.baseUrl, session: new TestSession(undefined) });

    await unwrap(api.GET("/health"));

    expect(only(server.requests).headers).not.toHaveProperty("authorization");
  });

  it("asks for JSON and no caching", async () => {
    server = await startTestServer(() => ok());
    const api = createApiClient({ baseUrl: server.baseUrl, session: new TestSession("t") });

    await unwrap(api.GET("/health"));

    const { headers } = only(server.requests);
    expect(headers.accept).toBe("application/json");
    // What fetch's cache mode "no-store" puts on the wire.
    expect(headers["cache-control"]).toBe("no-cache");
    expect(headers.pragma).toBe("no-cache");
  });

  it("sends a JSON body as application/json", async () => {
    server = await startTestServer(() => ok({ email: "ana@example.com" }));
    const api = createApiClient({ baseUrl: server.baseUrl, session: new TestSession("t") });

    await unwrap(api.PATCH("/user", { body: { firstName: "Ana", company: "Acme" } }));

    const request = only(server.requests);
    expect(request.method).toBe("PATCH");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request.body.toString())).toEqual({ firstName: "Ana", company: "Acme" });
  });

  it("gets an X-Request-Id of its own", async () => {
    server = await startTestServer(() => ok());
    const api = createApiClient({ baseUrl: server.baseUrl, session: new TestSession("t") });

    await Promise.all([unwrap(api.GET("/health")), unwrap(api.GET("/health"))]);

    const ids = server.requests.map((r) => r.headers["x-request-id"]);
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it("carries the app's chosen brand as X-Brand-Id, read afresh on each call, unless the call names one", async () => {
    server = await startTestServer(() => ok());
    let brandId: string | undefined;
    const api = createApiClient({
      baseUrl: server.baseUrl,
      session: new TestSession("t"),
      getBrandId: () => brandId,
    });

    await unwrap(api.GET("/content"));
    brandId = "0b7c7f0e-3f1d-4c38-9a4b-0f6a1d1c2e3f";
    await unwrap(api.GET("/content"));
    await unwrap(
      api.GET("/content", { params: { header: { "X-Brand-Id": "5d1f9a7e-0c3b-4d2e-8f6a-7b9c0d1e2f3a" } } }),
    );

    expect(server.requests.map((r) => r.headers["x-brand-id"])).toEqual([
      undefined,
      "0b7c7f0e-3f1d-4c38-9a4b-0f6a1d1c2e3f",
      "5d1f9a7e-0c3b-4d2e-8f6a-7b9c0d1e2f3a",
    ]);
  });

  it("returns the parsed response body", async () => {
    const countries = [{ id: "PT", label: "Portugal", emoji: "🇵🇹" }];
    server = await startTestServer(() => ok(countries));
    const api = createApiClient({ baseUrl: server.baseUrl, session: new TestSession("t") });

    await expect(unwrap(api.GET("/countries"))).resolves.toEqual(countries);
    expect(only(server.requests).path).toBe("/countries");
  });
});

describe("multipart upload", () => {
  it("sends the file as multipart/form-data with the bearer credential", async () => {
    server = await startTestServer(() => ok({ profilePicture: "/uploads/me.png" }));
    const api = createApiClient({ baseUrl: server.baseUrl, session: new TestSession("t") });
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const file = new File([bytes], "me.png", { type: "image/png" });

    const result = await unwrap(api.PATCH("/user/profile-picture", { body: formData({ file }) }));

    expect(result.profilePicture).toBe("/uploads/me.png");
    const request = only(server.requests);
    expect(request.headers.authorization).toBe("Bearer t");
    expect(request.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    const part = (await formDataOf(request)).get("file");
    expect(part).toBeInstanceOf(File);
    if (!(part instanceof File)) return;
    expect(part.name).toBe("me.png");
    expect(part.type).toBe("image/png");
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes);
  });
});
