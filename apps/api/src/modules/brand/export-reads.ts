import { BusyError } from "../../kernel/errors";
import { Semaphore } from "../../lib/semaphore";
import { runInWorker, WorkerLimitError } from "../../lib/worker-thread";
import { type ExportReading, type ReadExportInput, readExport } from "./read-export";

/**
 * From this size an export is read in a worker thread. Below it reading takes a few milliseconds, less than
 * starting a worker (about 0.3 s); a 100,000-row export takes about 3 s, which on the event loop would hold every
 * other request of the server.
 */
export const WORKER_FROM_BYTES = 256 * 1024;
/** The largest export allowed (50 MB) reads in about 6 s; a file still reading after this is hostile. */
const READ_TIMEOUT_MS = 60_000;
/** A 100,000-row export needs about 400 MB of heap while parsed; the cap keeps a hostile file from taking more. */
const WORKER_HEAP_MB = 1536;

/**
 * One large export read at a time in the whole process: on two cores the other stays free for requests and
 * PostgreSQL. A few more wait; past that, or after a minute of waiting, 503.
 */
export const largeExportReads = new Semaphore({
  slots: 1,
  queue: 4,
  maxWaitMs: 60_000,
  refuse: () =>
    new BusyError("Other large exports are being read right now. Upload this one again in a minute.", 30),
});

/** A buffer of its own, so moving it to the worker leaves no other Buffer (of Node's shared pool) unusable. */
function ownBuffer(bytes: Uint8Array): ArrayBuffer {
  if (
    bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength &&
    bytes.buffer instanceof ArrayBuffer
  )
    return bytes.buffer;
  return new Uint8Array(bytes).buffer;
}

/** readExport off the event loop for a large file; the file's bytes are handed to the worker (unusable after). */
export async function readExportOffLoop(input: ReadExportInput): Promise<ExportReading> {
  if (input.bytes.byteLength < WORKER_FROM_BYTES) return readExport(input);
  return largeExportReads.run(async () => {
    const buffer = ownBuffer(input.bytes);
    try {
      return await runInWorker<ExportReading>(
        new URL("./read-export.worker.ts", import.meta.url),
        { ...input, bytes: new Uint8Array(buffer) },
        { transfer: [buffer], timeoutMs: READ_TIMEOUT_MS, maxHeapMb: WORKER_HEAP_MB },
      );
    } catch (error) {
      if (!(error instanceof WorkerLimitError)) throw error;
      return {
        readable: false,
        code: "READ_LIMIT",
        message:
          `"${input.fileName}" could not be read within our limits (${error.reason === "timeout" ? "time" : "memory"}): ` +
          "export a shorter period and import each file.",
      };
    }
  });
}
