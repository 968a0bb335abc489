import { ExportResultCode } from "@opentelemetry/core";
import { resourceFromAttributes } from "@opentelemetry/resources";
import {
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
  TracerProvider,
} from "@opentelemetry/sdk-trace";
import { describe, expect, it } from "vitest";
import { BEACON_MAX_BYTES, beaconPayloads, OtlpJsonExporter, retryDelay } from "./exporter";

const URL_ = "https://otel.example.com/v1/traces?token=public-1";

/** Real SDK spans, each with `attributeBytes` of padding, as the BatchSpanProcessor would hand them over. */
function spans(count: number, attributeBytes = 10): ReadableSpan[] {
  const memory = new InMemorySpanExporter();
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ "service.name": "Brandscope" }),
    spanProcessors: [new SimpleSpanProcessor({ exporter: memory })],
  });
  const tracer = provider.getTracer("test");
  for (let i = 0; i < count; i++)
    tracer.startSpan(`span ${i}`, { attributes: { pad: "x".repeat(attributeBytes) } }).end();
  return memory.getFinishedSpans();
}

function exportOnce(exporter: OtlpJsonExporter, batch: ReadableSpan[]) {
  return new Promise<ExportResultCode>((done) => exporter.export(batch, (result) => done(result.code)));
}

function collector(statuses: number[], retryAfter?: string) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const status = statuses.shift() ?? 200;
    return new Response(null, { status, headers: retryAfter ? { "Retry-After": retryAfter } : {} });
  };
  return { calls, fetch: fetch as typeof globalThis.fetch };
}

const spanNames = (body: unknown) => {
  const text = new TextDecoder().decode(body as Uint8Array);
  const json = JSON.parse(text) as { resourceSpans: { scopeSpans: { spans: { name: string }[] }[] }[] };
  return json.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans.map((span) => span.name)));
};

describe("OtlpJsonExporter", () => {
  it("posts OTLP JSON to the collector's URL, token included", async () => {
    const { calls, fetch } = collector([200]);
    const exporter = new OtlpJsonExporter({ url: URL_, fetch, isHidden: () => false });
    expect(await exportOnce(exporter, spans(2))).toBe(ExportResultCode.SUCCESS);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(URL_);
    expect(calls[0]?.init.method).toBe("POST");
    expect(new Headers(calls[0]?.init.headers).get("content-type")).toBe("application/json");
    expect(spanNames(calls[0]?.init.body)).toEqual(["span 0", "span 1"]);
  });

  it.each([429, 502, 503, 504])(
    "retries a %i with exponential back-off until the collector takes the spans",
    async (status) => {
      const { calls, fetch } = collector([status, status, 200]);
      const waits: number[] = [];
      const exporter = new OtlpJsonExporter({
        url: URL_,
        fetch,
        isHidden: () => false,
        random: () => 0,
        sleep: async (ms) => {
          waits.push(ms);
        },
      });
      expect(await exportOnce(exporter, spans(1))).toBe(ExportResultCode.SUCCESS);
      expect(calls).toHaveLength(3);
      expect(waits).toEqual([1000, 2000]);
    },
  );

  it.each([400, 401, 413, 500])("gives up at once on a %i", async (status) => {
    const { calls, fetch } = collector([status, 200]);
    const exporter = new OtlpJsonExporter({ url: URL_, fetch, isHidden: () => false, sleep: async () => {} });
    expect(await exportOnce(exporter, spans(1))).toBe(ExportResultCode.FAILED);
    expect(calls).toHaveLength(1);
  });

  it("waits as long as the collector's Retry-After says, in seconds or as a date", async () => {
    const waits: number[] = [];
    const { fetch } = collector([503, 200], "7");
    const exporter = new OtlpJsonExporter({
      url: URL_,
      fetch,
      isHidden: () => false,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    await exportOnce(exporter, spans(1));
    expect(waits).toEqual([7000]);
    const inTwentySeconds = new Date(Date.now() + 20_000).toUTCString();
    expect(retryDelay(inTwentySeconds, 0)).toBeGreaterThan(18_000);
    expect(retryDelay(inTwentySeconds, 0)).toBeLessThanOrEqual(20_000);
    expect(retryDelay("3600", 0)).toBe(60_000);
    expect(retryDelay(null, 3, () => 0)).toBe(8000);
  });

  it("stops retrying after five tries", async () => {
    const { calls, fetch } = collector([503, 503, 503, 503, 503, 503, 503, 503]);
    const exporter = new OtlpJsonExporter({ url: URL_, fetch, isHidden: () => false, sleep: async () => {} });
    expect(await exportOnce(exporter, spans(1))).toBe(ExportResultCode.FAILED);
    expect(calls).toHaveLength(6);
  });

  it("sends by beacon once the page is hidden, in payloads of at most 64,000 bytes", async () => {
    const beacons: { url: string; data: Blob }[] = [];
    const { calls, fetch } = collector([]);
    const exporter = new OtlpJsonExporter({
      url: URL_,
      fetch,
      isHidden: () => true,
      sendBeacon: (url, data) => {
        beacons.push({ url, data });
        return true;
      },
    });
    const batch = spans(50, 4_000); // about 200 KB of attributes
    expect(await exportOnce(exporter, batch)).toBe(ExportResultCode.SUCCESS);
    expect(calls).toEqual([]);
    expect(beacons.length).toBeGreaterThanOrEqual(4);
    const names: string[] = [];
    for (const { url, data } of beacons) {
      expect(url).toBe(URL_);
      expect(data.size).toBeLessThanOrEqual(BEACON_MAX_BYTES);
      expect(data.type).toBe("application/json");
      names.push(...spanNames(new Uint8Array(await data.arrayBuffer())));
    }
    expect(names).toEqual(batch.map((span) => span.name));
  });

  it("falls back to fetch with keepalive when the browser refuses the beacon", async () => {
    const { calls, fetch } = collector([200]);
    const exporter = new OtlpJsonExporter({
      url: URL_,
      fetch,
      isHidden: () => true,
      sendBeacon: () => false,
    });
    expect(await exportOnce(exporter, spans(3))).toBe(ExportResultCode.SUCCESS);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init.keepalive).toBe(true);
    expect(spanNames(calls[0]?.init.body)).toEqual(["span 0", "span 1", "span 2"]);
  });

  it("keeps a small batch in one payload and splits a large one without losing a span", () => {
    expect(beaconPayloads(spans(5))).toHaveLength(1);
    const large = beaconPayloads(spans(40, 5_000));
    expect(large.length).toBeGreaterThan(1);
    expect(large.every((payload) => payload.byteLength <= BEACON_MAX_BYTES)).toBe(true);
    expect(large.flatMap((payload) => spanNames(payload))).toHaveLength(40);
  });
});
