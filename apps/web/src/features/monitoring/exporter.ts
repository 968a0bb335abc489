import { type ExportResult, ExportResultCode } from "@opentelemetry/core";
import { JsonTraceSerializer } from "@opentelemetry/otlp-transformer";
import type { ReadableSpan, SpanExporter } from "@opentelemetry/sdk-trace";

/** docs/product.md §7: a beacon carries at most 64,000 bytes. */
export const BEACON_MAX_BYTES = 64_000;
/** docs/product.md §9: what a busy or briefly absent collector answers; any other failure is final. */
export const RETRIED_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);
const MAX_RETRIES = 5;
const FIRST_DELAY_MS = 1_000;
/** A Retry-After is honoured up to this; beyond it the spans are not worth holding the page's memory for. */
const MAX_DELAY_MS = 60_000;

export interface ExporterOptions {
  /** The collector's /v1/traces, with its public token as a query parameter. */
  url: string;
  fetch?: typeof fetch;
  sendBeacon?: (url: string, data: Blob) => boolean;
  isHidden?: () => boolean;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/**
 * OTLP/HTTP JSON for the browser (the SDK's OTLP exporter no longer uses sendBeacon): spans are posted with fetch,
 * retried with exponential back-off (or the collector's Retry-After) on 429, 502, 503 and 504. Once the page is
 * hidden (the BatchSpanProcessor flushes then), what is left goes by navigator.sendBeacon, which outlives the page,
 * in payloads of at most 64,000 bytes; a beacon the browser refuses goes by fetch with keepalive.
 */
export class OtlpJsonExporter implements SpanExporter {
  private readonly fetch: typeof fetch;
  private readonly sendBeacon: (url: string, data: Blob) => boolean;
  private readonly isHidden: () => boolean;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  private stopped = false;

  constructor(private readonly o: ExporterOptions) {
    this.fetch = o.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.sendBeacon = o.sendBeacon ?? ((url, data) => navigator.sendBeacon(url, data));
    this.isHidden = o.isHidden ?? (() => document.visibilityState === "hidden");
    this.sleep = o.sleep ?? ((ms) => new Promise((done) => setTimeout(done, ms)));
    this.random = o.random ?? Math.random;
  }

  export(spans: ReadableSpan[], resultCallback: (result: ExportResult) => void): void {
    if (this.stopped) {
      resultCallback({ code: ExportResultCode.FAILED });
      return;
    }
    const sent = this.isHidden() ? this.beacon(spans) : this.post(serialize(spans));
    sent.then(
      (ok) => resultCallback({ code: ok ? ExportResultCode.SUCCESS : ExportResultCode.FAILED }),
      (error: unknown) => resultCallback({ code: ExportResultCode.FAILED, error: asError(error) }),
    );
  }

  async shutdown(): Promise<void> {
    this.stopped = true;
  }

  async forceFlush(): Promise<void> {}

  private async post(body: Uint8Array<ArrayBuffer>): Promise<boolean> {
    for (let retry = 0; ; retry++) {
      const response = await this.fetch(this.o.url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body,
      });
      if (response.ok) return true;
      if (!RETRIED_STATUSES.has(response.status) || retry >= MAX_RETRIES || this.stopped) return false;
      await this.sleep(retryDelay(response.headers.get("Retry-After"), retry, this.random));
    }
  }

  private async beacon(spans: ReadableSpan[]): Promise<boolean> {
    let ok = true;
    for (const body of beaconPayloads(spans)) {
      const blob = new Blob([body], { type: "application/json" });
      let queued = false;
      try {
        queued = this.sendBeacon(this.o.url, blob);
      } catch {
        // A browser that refuses the type or size throws rather than answering false.
      }
      if (queued) continue;
      const response = await this.fetch(this.o.url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body,
        keepalive: true,
      }).catch(() => undefined);
      ok &&= response?.ok === true;
    }
    return ok;
  }
}

function serialize(spans: ReadableSpan[]): Uint8Array<ArrayBuffer> {
  const bytes = JsonTraceSerializer.serializeRequest(spans) ?? new Uint8Array();
  return new Uint8Array(bytes);
}

/**
 * The spans as OTLP JSON payloads of at most BEACON_MAX_BYTES each, halving a batch until it fits. A single span
 * larger than that (an unlikely wall of attributes) still goes alone: the fetch fallback may carry it.
 */
export function beaconPayloads(spans: ReadableSpan[]): Uint8Array<ArrayBuffer>[] {
  if (spans.length === 0) return [];
  const body = serialize(spans);
  if (body.byteLength <= BEACON_MAX_BYTES || spans.length === 1) return [body];
  const half = Math.ceil(spans.length / 2);
  return [...beaconPayloads(spans.slice(0, half)), ...beaconPayloads(spans.slice(half))];
}

/** Retry-After in seconds or as an HTTP date, else 1 s, 2 s, 4 s… with up to a fifth of jitter. */
export function retryDelay(
  retryAfter: string | null,
  retry: number,
  random: () => number = Math.random,
): number {
  if (retryAfter !== null && retryAfter.trim() !== "") {
    const seconds = Number(retryAfter);
    const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(retryAfter) - Date.now();
    if (Number.isFinite(ms)) return Math.min(Math.max(ms, 0), MAX_DELAY_MS);
  }
  const base = FIRST_DELAY_MS * 2 ** retry;
  return Math.min(base + base * 0.2 * random(), MAX_DELAY_MS);
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
