import { SignJWT, UnsecuredJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from "../../../test/app";
import { expectContractResponse } from "../../../test/contract-response";
import { jwtKey } from "../../config/keys";

let t: TestApp;
let databaseDown: TestApp;
let monitored: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  databaseDown = await buildTestApp({ databaseUrl: "postgres://nobody:x@127.0.0.1:9/none" });
  monitored = await buildTestApp({
    env: {
      OTEL_EXPORTER_OTLP_ENDPOINT: "https://otel.example.com:4318/ingest/",
      OTEL_EXPORTER_OTLP_HEADERS: "authorization=Bearer%20server-secret",
      OTEL_BROWSER_TOKEN: "public-ingest-1",
    },
  });
  return async () => {
    await t.close();
    await databaseDown.close();
    await monitored.close();
  };
});

describe("GET /api/health", () => {
  it("answers ok once the database answers, without a bearer", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
    expectContractResponse("getHealth", response);
  });

  it("answers 503 with the Error body when the database does not answer", async () => {
    const response = await databaseDown.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      code: "DATABASE_UNAVAILABLE",
      message: "The database is not available",
    });
    expectContractResponse("getHealth", response);
  });
});

describe("GET /api/telemetry", () => {
  it("tells browsers nothing to send to when monitoring is not configured, and the CSP lets them reach nothing new", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/telemetry" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ endpoint: null, token: null });
    expectContractResponse("getTelemetryConfig", response);
    expect(response.headers["content-security-policy"]).toContain("connect-src 'self';");
  });

  it("gives browsers the collector and its public token, never the server's headers, and lets them reach only that origin", async () => {
    const response = await monitored.app.inject({ method: "GET", url: "/api/telemetry" });
    expect(response.json()).toEqual({
      endpoint: "https://otel.example.com:4318/ingest",
      token: "public-ingest-1",
    });
    expect(response.body).not.toContain("server-secret");
    expectContractResponse("getTelemetryConfig", response);
    expect(response.headers["content-security-policy"]).toContain(
      "connect-src 'self' https://otel.example.com:4318;",
    );
  });
});

describe("GET /api/countries", () => {
  it("lists ISO 3166 countries with flags, sorted by label", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/countries",
      headers: { authorization: await t.authorization() },
    });
    expect(response.statusCode).toBe(200);
    expectContractResponse("listCountries", response);
    const countries: { id: string; label: string; emoji: string }[] = response.json();
    expect(countries).toContainEqual({ id: "US", label: "United States", emoji: "🇺🇸" });
    expect(countries).toContainEqual({ id: "DE", label: "Germany", emoji: "🇩🇪" });
    expect(countries.length).toBeGreaterThanOrEqual(249);
    const labels = countries.map((c) => c.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, "en")));
    expect(new Set(countries.map((c) => c.id)).size).toBe(countries.length);
  });

  it("refuses a caller without a valid bearer", async () => {
    const valid = await t.authorization();
    const [header, payload, signature = ""] = valid.slice("Bearer ".length).split(".");
    const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: "someone-else" })).toString("base64url");
    const unsigned = new UnsecuredJWT({ token_use: "id" })
      .setSubject(claims.sub)
      .setIssuer("brandscope")
      .setAudience("brandscope-api")
      .setIssuedAt()
      .setExpirationTime("5m")
      .encode();
    const otherKey = await new SignJWT({ token_use: "id" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(claims.sub)
      .setIssuer("brandscope")
      .setAudience("brandscope-api")
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(jwtKey(`${TEST_JWT_SECRET}-other`).key);
    const expired = await new SignJWT({ token_use: "id" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(claims.sub)
      .setIssuer("brandscope")
      .setAudience("brandscope-api")
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 1800)
      .sign(jwtKey(TEST_JWT_SECRET).key);

    for (const authorization of [
      undefined,
      "",
      "Bearer",
      "Basic dXNlcjpwYXNz",
      `Bearer ${header}.${forged}.${signature}`,
      `Bearer ${unsigned}`,
      `Bearer ${otherKey}`,
      `Bearer ${expired}`,
    ]) {
      const response = await t.app.inject({
        method: "GET",
        url: "/api/countries",
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.json()).toMatchObject({ message: "Unauthorized" });
      expectContractResponse("listCountries", response);
    }
  });
});

describe("GET /api/industries", () => {
  it("lists the industries stored in the database, in display order", async () => {
    const authorization = await t.authorization();
    const response = await t.app.inject({
      method: "GET",
      url: "/api/industries",
      headers: { authorization },
    });
    expect(response.statusCode).toBe(200);
    expectContractResponse("listIndustries", response);
    const industries: { id: string; label: string }[] = response.json();
    expect(industries[0]).toEqual({ id: "saas", label: "Software & SaaS" });
    expect(industries.length).toBeGreaterThanOrEqual(20);

    await t.database.pool.query("update industries set position = 0 where id = 'other'");
    const reordered = await t.app.inject({
      method: "GET",
      url: "/api/industries",
      headers: { authorization },
    });
    expect(reordered.json()[0]).toEqual({ id: "other", label: "Other" });
  });

  it("needs a bearer", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/industries" });
    expect(response.statusCode).toBe(401);
  });
});
