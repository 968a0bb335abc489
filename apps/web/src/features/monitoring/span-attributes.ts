import type { Context } from "@opentelemetry/api";
import type { ReadableSpan, Span, SpanProcessor } from "@opentelemetry/sdk-trace";

/** Attributes that hold a URL or its query: an invitation link or an OpenID callback carries its secret there. */
const URL_ATTRIBUTES = ["url.full", "http.url", "url.query"];

/**
 * Gives every span the browser's session (`session.id`, session.ts) and takes query strings and fragments out of
 * the URLs it records (page, API call, resource) before it is exported.
 */
export class BrowserSpanAttributes implements SpanProcessor {
  constructor(private readonly sessionId: () => string) {}

  onStart(span: Span, _parentContext: Context): void {
    span.setAttribute("session.id", this.sessionId());
  }

  onEnding(span: Span): void {
    for (const key of URL_ATTRIBUTES) {
      const value = span.attributes[key];
      if (typeof value === "string") span.setAttribute(key, key === "url.query" ? "" : withoutQuery(value));
    }
  }

  onEnd(_span: ReadableSpan): void {}

  async forceFlush(): Promise<void> {}

  async shutdown(): Promise<void> {}
}

export function withoutQuery(url: string): string {
  const end = url.search(/[?#]/);
  return end < 0 ? url : url.slice(0, end);
}
