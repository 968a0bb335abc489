import type { Transport } from "./auth-fetch";

export interface UploadProgress {
  /** Bytes of the request body sent so far. */
  loaded: number;
  total: number;
}

function responseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * A transport that reports how much of the request body has been sent: fetch cannot (a streamed request body needs
 * HTTP/2), XMLHttpRequest can. Its timeout counts from the last sign of progress, not from the start, so a large
 * file on a slow line is not cut off while it is still moving; once the body is sent, the server's answer has the
 * whole timeout.
 */
export function uploadTransport(onProgress: (progress: UploadProgress) => void): Transport {
  return async (request, timeoutMs) => {
    // The multipart body as sent, with the Content-Type (and boundary) that describes it.
    const body = await request.blob();
    return new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const stillMoving = () => {
        clearTimeout(timer);
        timer = setTimeout(() => xhr.abort(), timeoutMs);
      };
      const fail = (why: string) => () => {
        clearTimeout(timer);
        reject(new TypeError(why));
      };
      xhr.open(request.method, request.url);
      request.headers.forEach((value, name) => {
        xhr.setRequestHeader(name, value);
      });
      xhr.responseType = "arraybuffer";
      xhr.upload.onprogress = (event) => {
        stillMoving();
        onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : body.size });
      };
      // A small body may be sent without a single progress event: its end says all of it went.
      xhr.upload.onload = () => {
        stillMoving();
        onProgress({ loaded: body.size, total: body.size });
      };
      xhr.onload = () => {
        clearTimeout(timer);
        const empty = xhr.status === 204 || xhr.status === 304;
        resolve(
          new Response(empty ? null : (xhr.response as ArrayBuffer), {
            status: xhr.status,
            statusText: xhr.statusText,
            headers: responseHeaders(xhr.getAllResponseHeaders()),
          }),
        );
      };
      xhr.onerror = fail("The upload failed: no response");
      xhr.onabort = fail("The upload was stopped or timed out");
      request.signal.addEventListener("abort", () => xhr.abort(), { once: true });
      stillMoving();
      xhr.send(body);
    });
  };
}
