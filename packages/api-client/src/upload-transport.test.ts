import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type UploadProgress, uploadTransport } from "./upload-transport";

/**
 * Node has no XMLHttpRequest: this stand-in plays a browser's upload on a line the test drives (progress events
 * and the answer arrive when the test says), so the transport's timing rules can be checked against a clock.
 */
class ScriptedUpload {
  static last: ScriptedUpload | undefined;
  upload: { onprogress?: (e: ProgressEvent) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  responseType = "";
  status = 0;
  statusText = "";
  response: ArrayBuffer | null = null;
  aborted = false;
  sentBytes = 0;
  constructor() {
    ScriptedUpload.last = this;
  }
  open() {}
  setRequestHeader() {}
  getAllResponseHeaders() {
    return "content-type: application/json\r\n";
  }
  send(body: Blob) {
    this.sentBytes = body.size;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number) {
    this.upload.onprogress?.({ loaded, total: this.sentBytes, lengthComputable: true } as ProgressEvent);
  }
  answer(status: number, json: unknown) {
    this.upload.onload?.();
    this.status = status;
    this.response = new TextEncoder().encode(JSON.stringify(json)).buffer as ArrayBuffer;
    this.onload?.();
  }
}

const TIMEOUT_MS = 30_000;
const upload = () =>
  new Request("http://brandscope.test/api/brand/imports", {
    method: "POST",
    body: new Blob([new Uint8Array(1_000_000)]),
  });

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal("XMLHttpRequest", ScriptedUpload);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Lets the transport read the body and open the request. */
async function opened(): Promise<ScriptedUpload> {
  await vi.waitFor(() => expect(ScriptedUpload.last?.sentBytes).toBeGreaterThan(0));
  return ScriptedUpload.last as ScriptedUpload;
}

describe("the upload transport", () => {
  it("keeps a slow upload going while it moves, well past the timeout, and reports its progress", async () => {
    ScriptedUpload.last = undefined;
    const seen: UploadProgress[] = [];
    const answer = uploadTransport((p) => seen.push(p))(upload(), TIMEOUT_MS);
    const xhr = await opened();
    // A megabyte over 100 s: a tenth every 10 s, each well within the timeout of the one before.
    for (let tenth = 1; tenth <= 10; tenth++) {
      await vi.advanceTimersByTimeAsync(10_000);
      xhr.progress(tenth * 100_000);
    }
    expect(xhr.aborted).toBe(false);
    // The body is sent; the server's answer has the whole timeout again.
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS - 1_000);
    xhr.answer(201, { id: "import-1" });
    const response = await answer;
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ id: "import-1" });
    expect(seen.at(0)).toEqual({ loaded: 100_000, total: 1_000_000 });
    expect(seen.at(-1)).toEqual({ loaded: 1_000_000, total: 1_000_000 });
  });

  it("gives up once nothing has moved for the timeout, and says so", async () => {
    ScriptedUpload.last = undefined;
    const answer = uploadTransport(() => undefined)(upload(), TIMEOUT_MS);
    const refused = expect(answer).rejects.toThrow("The upload was stopped or timed out");
    const xhr = await opened();
    await vi.advanceTimersByTimeAsync(20_000);
    xhr.progress(300_000);
    // The line stalls: 29.9 s after the last progress it is still waited for, at 30 s it is stopped.
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS - 100);
    expect(xhr.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(xhr.aborted).toBe(true);
    await refused;
  });
});
