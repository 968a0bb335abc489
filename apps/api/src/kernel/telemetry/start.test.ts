import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../test/app";
import { startTelemetry, type Telemetry } from "./start";

interface Post {
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: string;
}

const posts: Post[] = [];
const collector = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk: Buffer) => {
    body += chunk.toString("utf8");
  });
  request.on("end", () => {
    const { authorization, "content-type": contentType } = request.headers;
    posts.push({ path: request.url ?? "", authorization, contentType, body });
    response.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
});
let telemetry: Telemetry;
let t: TestApp;

beforeAll(async () => {
  await new Promise<void>((done) => collector.listen(0, "127.0.0.1", done));
  const { port } = collector.address() as AddressInfo;
  telemetry = startTelemetry({
    endpoint: `http://127.0.0.1:${port}`,
    headers: { authorization: "Bearer collector-secret" },
    browserToken: undefined,
  });
  t = await buildTestApp();
  return async () => {
    await t.close();
    collector.close();
  };
});
afterAll(async () => {
  await telemetry.shutdown();
});

const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const PARENT_ID = "00f067aa0ba902b7";

it("sends a span per request that continues the caller's trace, and the request metrics, as OTLP JSON", async () => {
  const response = await t.app.inject({
    method: "GET",
    url: "/api/health?token=invitation-secret",
    headers: { traceparent: `00-${TRACE_ID}-${PARENT_ID}-01`, authorization: "Bearer user-secret" },
  });
  expect(response.statusCode).toBe(200);
  await telemetry.shutdown(); // sends what is buffered: the span and the metrics

  expect(posts.map((post) => post.path).sort()).toEqual(["/v1/metrics", "/v1/traces"]);
  for (const post of posts) {
    expect(post.authorization).toBe("Bearer collector-secret");
    expect(post.contentType).toBe("application/json");
    expect(post.body).toContain('"service.name","value":{"stringValue":"Brandscope"}');
  }
  const traces = posts.find((post) => post.path === "/v1/traces")?.body ?? "";
  const spans = JSON.parse(traces).resourceSpans.flatMap((r: { scopeSpans: { spans: unknown[] }[] }) =>
    r.scopeSpans.flatMap((s) => s.spans),
  );
  expect(spans).toContainEqual(
    expect.objectContaining({
      name: "GET /api/health",
      traceId: TRACE_ID,
      parentSpanId: PARENT_ID,
      attributes: expect.arrayContaining([
        { key: "url.path", value: { stringValue: "/api/health?token=[redacted]" } },
        { key: "http.response.status_code", value: { intValue: 200 } },
      ]),
    }),
  );
  // Neither the caller's bearer nor the URL's secret is recorded.
  expect(traces).not.toContain("user-secret");
  expect(traces).not.toContain("invitation-secret");

  const metrics = posts.find((post) => post.path === "/v1/metrics")?.body ?? "";
  const duration = JSON.parse(metrics)
    .resourceMetrics.flatMap((r: { scopeMetrics: { metrics: unknown[] }[] }) =>
      r.scopeMetrics.flatMap((s) => s.metrics),
    )
    .find((metric: { name: string }) => metric.name === "http.server.request.duration");
  expect(duration).toMatchObject({ unit: "s" });
  expect(duration.histogram.dataPoints).toContainEqual(
    expect.objectContaining({
      count: 1,
      attributes: expect.arrayContaining([
        { key: "http.route", value: { stringValue: "/api/health" } },
        { key: "http.response.status_class", value: { stringValue: "2xx" } },
      ]),
    }),
  );
});
