import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  return () => t.close();
});
afterAll(() => undefined);

describe("sample logos", () => {
  it("draws the sample brand's monogram where the sample data points", async () => {
    const response = await t.app.inject({ method: "GET", url: "/sample/logos/lumora-coffee.svg" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(response.body).toContain(">LC</text>");
  });

  it("answers 404 to anything but a slug", async () => {
    expect((await t.app.inject({ method: "GET", url: "/sample/logos/..%2Fsecret.svg" })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: "GET", url: "/sample/logos/a.png" })).statusCode).toBe(404);
  });
});
