import { beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/app";
import { expectContractResponse } from "../../test/contract-response";
import { handlers } from "./handlers";

let t: TestApp;
let broken: TestApp;
let authorization: string;
beforeAll(async () => {
  t = await buildTestApp();
  broken = await buildTestApp({
    handlers: {
      ...handlers,
      listIndustries: async () => {
        throw new Error("connection to 10.0.0.7 failed for password=hunter2");
      },
    },
  });
  authorization = await t.authorization();
  return async () => {
    await t.close();
    await broken.close();
  };
});

const login = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: JSON.stringify(payload),
    headers: { "content-type": "application/json", ...headers },
  });

describe("request validation against the contract", () => {
  it("answers 400 VALIDATION_FAILED with details for a missing field", async () => {
    const response = await login({ password: "Secret-123" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      message: "body must have required property 'email'",
      details: [{ path: "/email", message: "must have required property 'email'" }],
    });
    expectContractResponse("logIn", response);
  });

  it("refuses unknown fields and wrong types instead of dropping or coercing them", async () => {
    const extra = await login({ email: "maya@lumora.coffee", password: "Secret-123", admin: true });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().details).toContainEqual({
      path: "/admin",
      message: "must NOT have additional properties",
    });

    const wrongType = await login({ email: "maya@lumora.coffee", password: 12345678 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().details).toContainEqual({ path: "/password", message: "must be string" });

    const badEmail = await login({ email: "not-an-email", password: "Secret-123" });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().details[0].path).toBe("/email");
  });

  it("coerces and checks query and path parameters", async () => {
    const tooMany = await t.app.inject({
      method: "GET",
      url: "/api/audience?limit=500",
      headers: { authorization },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe("query/limit must be <= 100");
    expectContractResponse("listPersonas", tooMany);

    const fine = await t.app.inject({
      method: "GET",
      url: "/api/audience?limit=5&page=2",
      headers: { authorization },
    });
    // Valid input reaches the handler: this workspace has no brand yet.
    expect(fine.statusCode).toBe(200);
    expect(fine.json()).toEqual({ results: [], total: 0, limited: false });

    const notUuid = await t.app.inject({
      method: "GET",
      url: "/api/audience/abc",
      headers: { authorization },
    });
    expect(notUuid.statusCode).toBe(400);
    expect(notUuid.json().message).toBe('path/id must match format "uuid"');
  });

  it("checks the bearer before the input: an anonymous bad request gets 401", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/user/change-password",
      payload: { nonsense: true },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: "Unauthorized" });
  });

  it("answers 400 for a missing body and 415 for a content type the operation does not list", async () => {
    const missing = await t.app.inject({ method: "POST", url: "/api/auth/login" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: "VALIDATION_FAILED", message: "body is required" });

    const text = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: "email=a@b.c",
      headers: { "content-type": "text/plain" },
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: "Send the request body as application/json",
    });
  });

  it("hands a multipart upload to its handler and refuses JSON there", async () => {
    const boundary = "----brandscope";
    const payload = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="me.png"',
      "Content-Type: image/png",
      "",
      "PNG",
      `--${boundary}--`,
      "",
    ].join("\r\n");
    const upload = await t.app.inject({
      method: "PATCH",
      url: "/api/user/profile-picture",
      payload,
      headers: { authorization, "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    // The handler itself answers: it reads the part and finds no picture in it.
    expect(upload.statusCode).toBe(415);
    expect(upload.json()).toMatchObject({ message: "Upload a PNG, JPEG or WebP picture." });

    const json = await t.app.inject({
      method: "PATCH",
      url: "/api/user/profile-picture",
      payload: { file: "x" },
      headers: { authorization },
    });
    expect(json.statusCode).toBe(415);
  });
});

describe("input the contract allows but the server cannot use is a 400 naming the field", () => {
  // A workspace on the sample brand, so that each request gets as far as the brand's data.
  let onSample: string;
  beforeAll(async () => {
    onSample = await t.authorization();
    const sample = await t.app.inject({
      method: "POST",
      url: "/api/brand",
      headers: { authorization: onSample, "content-type": "application/json" },
      payload: JSON.stringify({ sample: true }),
    });
    expect(sample.statusCode).toBe(201);
  });
  const ownBrand = (websiteUrl: string, socialLink = "https://www.instagram.com/lumora") => ({
    websiteUrl,
    country: "GB",
    brandName: "Lumora",
    socialLinks: [{ socialPlatform: "instagram", socialLink }],
  });
  const sales = {
    email: "maya@lumora.coffee",
    name: "Maya",
    companyName: "Lumora",
    role: "CMO",
    industry: "food",
    category: "demo",
  };
  const send = (operationId: string, method: "GET" | "POST" | "PATCH", url: string, body?: unknown) =>
    t.app
      .inject({
        method,
        url: `/api${url}`,
        headers: { authorization: onSample, ...(body ? { "content-type": "application/json" } : {}) },
        ...(body ? { payload: JSON.stringify(body) } : {}),
      })
      .then((response) => {
        expectContractResponse(operationId, response);
        return response;
      });

  it.each([
    ["an IPv4 address out of range", ownBrand("http://999.999.999.999/"), "/websiteUrl"],
    ["a port above 65535", ownBrand("https://lumora.coffee:70000/"), "/websiteUrl"],
    ["a URI that is no web address", ownBrand("mailto:maya@lumora.coffee"), "/websiteUrl"],
    [
      "a social link out of range",
      ownBrand("https://lumora.coffee", "https://instagram.com:99999/x"),
      "/socialLinks/0/socialLink",
    ],
  ])("brand creation with %s", async (_, body, path) => {
    const response = await send("createBrand", "POST", "/brand", body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(response.json().details).toContainEqual(expect.objectContaining({ path }));
  });

  it("adding a competitor with a URL the WHATWG parser refuses", async () => {
    const response = await send("addBrandCompetitor", "POST", "/brand/competitor", {
      websiteUrl: "http://999.999.999.999/",
      brandName: "Rival",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ path: "/websiteUrl" }));
  });

  it.each([
    ["updateUser", "PATCH", "/user", { company: "Lumora\u0000" }, "/company", "body/company"],
    ["contactSales", "POST", "/sales/contact", { ...sales, role: "\u0000" }, "/role", "body/role"],
    ["listInfluencers", "GET", "/influencer?search=caf%00", undefined, "/search", "query/search"],
    ["searchKeywords", "GET", "/intent/keyword?keyword=%00", undefined, "/keyword", "query/keyword"],
  ] as const)(
    "%s with U+0000 in a string, which PostgreSQL cannot store",
    async (operationId, method, url, body, path, field) => {
      const response = await send(operationId, method, url, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: "VALIDATION_FAILED",
        message: `${field} must not contain the character U+0000`,
        details: [{ path, message: "must not contain the character U+0000" }],
      });
    },
  );

  it.each([
    ["listPersonas", "/audience"],
    ["listInfluencers", "/influencer"],
  ])("%s with page=1e20", async (operationId, url) => {
    const response = await send(operationId, "GET", `${url}?page=1e20`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      message: "query/page must be <= 10000",
    });
  });
});

describe("failures keep the server up and answer the Error body", () => {
  it("answers 400 for malformed JSON and serves the next request", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: '{"email": "maya@lumora.coffee", ',
      headers: { "content-type": "application/json" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "INVALID_JSON",
      message: "The request body is not valid JSON",
    });
    expectContractResponse("logIn", response);
    expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
  });

  it("refuses a prototype-polluting body", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: '{"email": "a@b.c", "password": "x", "__proto__": {"admin": true}}',
      headers: { "content-type": "application/json" },
    });
    expect(response.statusCode).toBe(400);
  });

  it("answers 413 for a body over 1 MB", async () => {
    const response = await login({ email: "maya@lumora.coffee", password: "x".repeat(1024 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
  });

  it("answers 404 JSON for an unknown /api path or method", async () => {
    for (const [method, url] of [
      ["GET", "/api/nope"],
      ["DELETE", "/api/health"],
      ["GET", "/api"],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(response.json()).toMatchObject({ message: "Not Found", code: "NOT_FOUND" });
    }
  });

  it("answers 500 without the internal message", async () => {
    const response = await broken.app.inject({
      method: "GET",
      url: "/api/industries",
      headers: { authorization: await broken.authorization() },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ message: "Internal Server Error", code: "INTERNAL_ERROR" });
    expect(response.body).not.toContain("hunter2");
    expectContractResponse("listIndustries", response);
  });
});

describe("every answer", () => {
  it("carries the request id: the caller's when it is a plausible id, a new one otherwise", async () => {
    const kept = await login({}, { "x-request-id": "edge-7f3a.1" });
    expect(kept.headers["x-request-id"]).toBe("edge-7f3a.1");
    expect(kept.json().requestId).toBe("edge-7f3a.1");

    const replaced = await login({}, { "x-request-id": "<script>" });
    expect(replaced.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(replaced.json().requestId).toBe(replaced.headers["x-request-id"]);
  });

  it("is the Error body with the request id, also for a URL the router cannot route", async () => {
    const longId = "%C3%A9".repeat(120);
    for (const [url, status, code] of [
      ["/api/audience/%zz", 400, "BAD_URL"],
      [`/api/influencer/${longId}`, 414, "URI_TOO_LONG"],
    ] as const) {
      const response = await t.app.inject({ method: "GET", url, headers: { authorization } });
      expect(response.statusCode, url).toBe(status);
      expect(response.json()).toEqual({
        code,
        message: expect.any(String),
        requestId: response.headers["x-request-id"],
      });
      // The URL is not echoed back.
      expect(response.body).not.toMatch(/audience|influencer/);
      expect(response.headers["content-security-policy"]).toContain("script-src 'self';");
      expect(response.headers["cache-control"]).toBe("no-store");
    }
  });

  it("carries security headers and is never cached", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.headers["content-security-policy"]).toContain("script-src 'self';");
    // Without Stripe configured, no frame and no outside script (the sandbox's card form is the app's own).
    expect(response.headers["content-security-policy"]).toContain("frame-src 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["cache-control"]).toBe("no-store");
  });
});
