import Fastify from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { BeingComputed } from "../kernel/errors";
import { registerErrorHandler } from "./error-handler";

// Figures a job has not stored yet answer 202 (kernel/errors.ts BeingComputed). A shared report's PDF link is opened
// by a browser from an e-mail: it gets a page that says so and loads the link again, not the JSON body.
const app = Fastify();
beforeAll(async () => {
  registerErrorHandler(app);
  app.get("/report.pdf", async () => {
    throw new BeingComputed("Your figures are being computed. They appear here by themselves once ready.", 3);
  });
  await app.ready();
});
afterAll(() => app.close());

it("answers a browser's navigation with a page that loads the address again after Retry-After", async () => {
  const response = await app.inject({
    method: "GET",
    url: "/report.pdf",
    // What Chromium sends when a link is opened.
    headers: { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" },
  });
  expect(response.statusCode).toBe(202);
  expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
  expect(response.headers["retry-after"]).toBe("3");
  expect(response.headers.refresh).toBe("3");
  expect(response.body).toContain(
    "<p>Your figures are being computed. They appear here by themselves once ready.</p>",
  );
});

it("answers a client's fetch with the FiguresComputing body", async () => {
  for (const accept of [undefined, "*/*", "application/json"]) {
    const response = await app.inject({
      method: "GET",
      url: "/report.pdf",
      ...(accept ? { headers: { accept } } : {}),
    });
    expect(response.statusCode).toBe(202);
    expect(response.headers.refresh).toBeUndefined();
    expect(response.json()).toEqual({
      status: "computing",
      message: "Your figures are being computed. They appear here by themselves once ready.",
      retryAfterSeconds: 3,
    });
  }
});
