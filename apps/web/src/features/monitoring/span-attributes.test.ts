import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import { expect, it } from "vitest";
import { BrowserSpanAttributes } from "./span-attributes";

it("gives every span the session and keeps query strings and fragments out of its URLs", () => {
  const memory = new InMemorySpanExporter();
  const provider = new TracerProvider({
    spanProcessors: [
      new BrowserSpanAttributes(() => "session-1"),
      new SimpleSpanProcessor({ exporter: memory }),
    ],
  });
  const tracer = provider.getTracer("test");
  tracer
    .startSpan("documentLoad", {
      attributes: {
        "http.url": "https://app.example.com/invitation?token=secret#top",
        "url.query": "?token=secret",
      },
    })
    .end();
  const fetchSpan = tracer.startSpan("HTTP GET");
  fetchSpan.setAttribute(
    "url.full",
    "https://app.example.com/api/workspace/invitations/preview?token=secret",
  );
  fetchSpan.end();

  const [page, call] = memory.getFinishedSpans();
  expect(page?.attributes).toEqual({
    "session.id": "session-1",
    "http.url": "https://app.example.com/invitation",
    "url.query": "",
  });
  expect(call?.attributes).toEqual({
    "session.id": "session-1",
    "url.full": "https://app.example.com/api/workspace/invitations/preview",
  });
});
