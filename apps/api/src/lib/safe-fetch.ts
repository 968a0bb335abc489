import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { SpanKind } from "@opentelemetry/api";
import { redactUrl } from "./redact-url";
import { inSpan } from "./tracing";

/**
 * Fetches a URL that a user typed (a brand's website) without letting it reach our own network (SSRF).
 * Every hop is resolved and checked BEFORE any connection, and the socket is pinned to the checked
 * address through a custom `lookup`, so a second DNS answer cannot swap in a private address (rebinding).
 */

export type SafeFetchErrorCode =
  | "INVALID_URL"
  | "PORT_NOT_ALLOWED"
  | "PRIVATE_ADDRESS"
  | "DNS_FAILED"
  | "UNREACHABLE"
  | "TIMEOUT"
  | "TOO_MANY_REDIRECTS"
  | "TOO_LARGE"
  | "UNSUPPORTED_CONTENT"
  | "HTTP_ERROR";

/** `reason` is shown to the marketer as the brand's status; `message` carries the detail for logs. */
export class SafeFetchError extends Error {
  override name = "SafeFetchError";
  constructor(
    readonly code: SafeFetchErrorCode,
    readonly reason: string,
    message: string,
    /** Worth a later retry (a job's backoff); a refused or malformed address never is. */
    readonly retryable = false,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Resolves a host name to every address it has; injectable so tests never touch real DNS. */
export type Resolver = (hostname: string) => Promise<string[]>;

export interface SafeFetchOptions {
  /** GET unless said; a POST (an OpenID provider's token endpoint) sends `body` and follows no redirect. */
  method?: "GET" | "POST";
  body?: string;
  /** Sent as given, over the defaults (user-agent, accept). */
  headers?: Record<string, string>;
  /** Addresses or CIDR ranges allowed although not public, e.g. ["127.0.0.1"] for a test server. */
  allowPrivate?: readonly string[];
  /** Ports allowed besides the scheme's; 80 and 443 are always allowed. */
  allowPorts?: readonly number[];
  /** Media types accepted (`image/*` style wildcards work); others are refused before the body is read. */
  accept?: readonly string[];
  maxRedirects?: number;
  maxBytes?: number;
  connectTimeoutMs?: number;
  /** For the whole fetch: every redirect and the body included. */
  timeoutMs?: number;
  userAgent?: string;
  resolve?: Resolver;
  signal?: AbortSignal;
  /** What the span names as the URL when the URL's path is itself a secret (a chat webhook's). */
  traceUrl?: string;
}

export interface SafeFetchResponse {
  /** The URL after redirects; relative links in the page resolve against it. */
  url: string;
  status: number;
  /** Lowercase media type without parameters, e.g. "text/html". */
  contentType: string;
  charset: string | undefined;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The address actually connected to for the last hop. */
  address: string;
  redirects: string[];
}

const defaults = {
  accept: ["text/html", "application/xhtml+xml"],
  maxRedirects: 5,
  maxBytes: 2 * 1024 * 1024,
  connectTimeoutMs: 10_000,
  timeoutMs: 15_000,
  userAgent: "BrandscopeBot/1.0",
};

/** The User-Agent site owners see in their logs; the link tells them who we are. */
export function brandscopeUserAgent(appUrl: string): string {
  return `BrandscopeBot/1.0 (+${appUrl})`;
}

const reasons = {
  invalid: "The website address is not valid",
  private: "The website address points to a private network",
  port: "The website address uses a port that is not allowed (only 80 and 443)",
  dns: "The website's domain name could not be found",
  unreachable: "The website could not be reached",
  timeout: "The website took too long to answer",
  redirects: "The website redirects too many times",
} as const;

// --- Addresses -------------------------------------------------------------------------------------------

// Not reachable from the internet, or not meant to be dialled: each is a way into our own network or a
// cloud's (169.254.169.254 is the metadata service that hands out credentials).
const blockedV4: [string, number][] = [
  ["0.0.0.0", 8], // "this network"; 0.0.0.0 reaches the local host on Linux
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
];
// IPv6 must be global unicast (2000::/3): that rules out ::, ::1, fc00::/7, fe80::/10, ff00::/8, NAT64
// and IPv4-compatible forms at once. These global ranges are special-purpose or tunnel to IPv4.
const blockedV6: [string, number][] = [
  ["2001::", 23], // IETF protocol assignments, Teredo
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4: embeds an IPv4 address we would not have checked
  ["3fff::", 20], // documentation
];
const blocked = new BlockList();
for (const [net, prefix] of blockedV4) blocked.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of blockedV6) blocked.addSubnet(net, prefix, "ipv6");
const globalUnicast = new BlockList();
globalUnicast.addSubnet("2000::", 3, "ipv6");

/** The dotted IPv4 inside an IPv4-mapped IPv6 address (::ffff:a.b.c.d in any spelling), if it is one. */
function mappedIpv4(address: string): string | undefined {
  let canonical: string;
  try {
    canonical = new URL(`http://[${address}]/`).hostname; // WHATWG prints mapped forms as ::ffff:hhhh:hhhh
  } catch {
    return undefined;
  }
  const match = /^\[::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})\]$/.exec(canonical);
  if (!match) return undefined;
  const high = Number.parseInt(match[1] ?? "", 16);
  const low = Number.parseInt(match[2] ?? "", 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

function inList(list: BlockList, address: string): boolean {
  const v4 = isIP(address) === 4 ? address : mappedIpv4(address);
  if (v4) return list.check(v4, "ipv4");
  return isIP(address) === 6 && list.check(address, "ipv6");
}

/** True for an address on the public internet; anything unparsable counts as not public. */
export function isPublicAddress(address: string): boolean {
  const ip = address.replace(/%.*$/, ""); // a zone id (fe80::1%eth0) only ever comes with link-local
  const v4 = isIP(ip) === 4 ? ip : mappedIpv4(ip);
  if (v4) return !blocked.check(v4, "ipv4");
  if (isIP(ip) !== 6) return false;
  return globalUnicast.check(ip, "ipv6") && !blocked.check(ip, "ipv6");
}

function toAllowList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", prefix] = entry.trim().split("/");
    const family = isIP(address);
    if (family === 0) throw new TypeError(`allowPrivate: "${entry}" is not an IP address or CIDR range`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

const defaultResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

// --- One hop -------------------------------------------------------------------------------------------

interface Target {
  url: URL;
  /** Every address of the host, all checked: Node tries them in turn (happy eyeballs) when one fails. */
  addresses: { address: string; family: 4 | 6 }[];
}

function parseUrl(input: string | URL, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(input, base);
  } catch (cause) {
    throw new SafeFetchError("INVALID_URL", reasons.invalid, `not a URL: ${String(input)}`, false, { cause });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new SafeFetchError("INVALID_URL", reasons.invalid, `scheme ${url.protocol} refused`);
  }
  // Credentials in the URL would be sent to whoever the address points at.
  if (url.username || url.password) {
    throw new SafeFetchError("INVALID_URL", reasons.invalid, "credentials in the URL refused");
  }
  return url;
}

/** Checks scheme, port and every resolved address; returns those to connect to. Never connects. */
export async function checkTarget(input: string | URL, options: SafeFetchOptions = {}): Promise<Target> {
  const url = parseUrl(input);
  const port = url.port === "" ? undefined : Number(url.port);
  if (port !== undefined && port !== 80 && port !== 443 && !options.allowPorts?.includes(port)) {
    throw new SafeFetchError("PORT_NOT_ALLOWED", reasons.port, `port ${port} refused for ${url.host}`);
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await (options.resolve ?? defaultResolver)(host);
    } catch (cause) {
      const notFound = cause instanceof Error && "code" in cause && cause.code === "ENOTFOUND";
      throw new SafeFetchError("DNS_FAILED", reasons.dns, `cannot resolve ${host}`, !notFound, { cause });
    }
  }
  if (addresses.length === 0) throw new SafeFetchError("DNS_FAILED", reasons.dns, `${host} has no address`);
  const allowed = toAllowList(options.allowPrivate ?? []);
  // One private answer refuses the host: a name mixing public and private addresses is an attack, not a site.
  const refused = addresses.find((address) => !isPublicAddress(address) && !inList(allowed, address));
  if (refused !== undefined) {
    throw new SafeFetchError("PRIVATE_ADDRESS", reasons.private, `${host} resolves to ${refused}`);
  }
  return { url, addresses: addresses.map((address) => ({ address, family: isIP(address) === 6 ? 6 : 4 })) };
}

/** Sends the request to exactly the checked addresses, whatever DNS would answer now. */
function open(target: Target, options: SafeFetchOptions, signal: AbortSignal): Promise<http.IncomingMessage> {
  const { url, addresses } = target;
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    const [first] = addresses;
    if (lookupOptions.all) callback(null, addresses);
    else if (first) callback(null, first.address, first.family);
  };
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request({
      method: options.method ?? "GET",
      protocol: url.protocol,
      hostname: url.hostname.replace(/^\[|\]$/g, ""),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      lookup: pinned,
      agent: false, // no pooled socket from another hop
      signal,
      headers: {
        "user-agent": options.userAgent ?? defaults.userAgent,
        accept: [...(options.accept ?? defaults.accept), "*/*;q=0.1"].join(", "),
        "accept-encoding": "gzip, deflate, br",
        ...options.headers,
        ...(options.body === undefined ? {} : { "content-length": String(Buffer.byteLength(options.body)) }),
      },
    });
    request.end(options.body);
    const connectTimer = setTimeout(() => {
      request.destroy(
        new SafeFetchError("TIMEOUT", reasons.timeout, `no connection to ${url.host} in time`, true),
      );
    }, options.connectTimeoutMs ?? defaults.connectTimeoutMs);
    request.once("socket", (socket) => {
      socket.once(url.protocol === "https:" ? "secureConnect" : "connect", () => clearTimeout(connectTimer));
    });
    request.once("response", (response) => {
      clearTimeout(connectTimer);
      resolve(response);
    });
    request.once("error", (error) => {
      clearTimeout(connectTimer);
      reject(error);
    });
  });
}

function mediaType(header: string | undefined): { type: string; charset: string | undefined } {
  const [type = "", ...params] = (header ?? "").split(";");
  const charset = params
    .map((param) => /^\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(param)?.[1])
    .find((value) => value !== undefined);
  return { type: type.trim().toLowerCase(), charset };
}

function accepts(accept: readonly string[], type: string): boolean {
  return accept.some((a) => a === type || (a.endsWith("/*") && type.startsWith(a.slice(0, -1))));
}

function decoderFor(encoding: string | undefined): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null {
  switch ((encoding ?? "identity").trim().toLowerCase()) {
    case "gzip":
    case "x-gzip":
      return zlib.createGunzip();
    case "deflate":
      return zlib.createInflate();
    case "br":
      return zlib.createBrotliDecompress();
    case "identity":
    case "":
      return null;
    default:
      throw new SafeFetchError("UNSUPPORTED_CONTENT", reasons.unreachable, `content-encoding ${encoding}`);
  }
}

/** Reads the body, decompressed, and stops as soon as it passes the cap (a small gzip can inflate hugely). */
async function readCapped(response: Readable, encoding: string | undefined, maxBytes: number) {
  const chunks: Buffer[] = [];
  let size = 0;
  // Kept aside: pipeline may reject with the AbortError of the streams it tears down instead of ours.
  let overflow: SafeFetchError | undefined;
  const sink = async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      size += chunk.length;
      if (size > maxBytes) {
        overflow = tooLarge(maxBytes);
        throw overflow;
      }
      chunks.push(chunk);
    }
  };
  const decoder = decoderFor(encoding);
  try {
    if (decoder) await pipeline(response, decoder, sink);
    else await pipeline(response, sink);
  } catch (error) {
    throw overflow ?? error;
  }
  return Buffer.concat(chunks);
}

function tooLarge(maxBytes: number): SafeFetchError {
  const mb = Math.round((maxBytes / (1024 * 1024)) * 10) / 10;
  return new SafeFetchError("TOO_LARGE", `The page is larger than ${mb} MB`, `body over ${maxBytes} bytes`);
}

// --- The fetch -----------------------------------------------------------------------------------------

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/** A client span per fetch, redirects included (node:http is not instrumented); its URL as a log line shows it. */
export function safeFetch(input: string | URL, options: SafeFetchOptions = {}): Promise<SafeFetchResponse> {
  const method = options.method ?? "GET";
  const attributes = {
    "http.request.method": method,
    "url.full": options.traceUrl ?? redactUrl(String(input)),
  };
  return inSpan(method, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    const response = await fetchChecked(input, options);
    span.setAttribute("http.response.status_code", response.status);
    return response;
  });
}

async function fetchChecked(input: string | URL, options: SafeFetchOptions): Promise<SafeFetchResponse> {
  const deadline = AbortSignal.timeout(options.timeoutMs ?? defaults.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  const maxRedirects = options.method === "POST" ? 0 : (options.maxRedirects ?? defaults.maxRedirects);
  const maxBytes = options.maxBytes ?? defaults.maxBytes;
  const redirects: string[] = [];
  let next: string | URL = input;
  try {
    for (;;) {
      const target = await checkTarget(next, options);
      signal.throwIfAborted();
      const response = await open(target, options, signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (redirectStatuses.has(status) && location) {
        response.resume(); // discard the redirect's body
        if (redirects.length >= maxRedirects) {
          throw new SafeFetchError(
            "TOO_MANY_REDIRECTS",
            reasons.redirects,
            `more than ${maxRedirects} redirects`,
          );
        }
        next = parseUrl(location, target.url);
        redirects.push(next.href);
        continue;
      }
      return await readResponse(target, response, { ...options, maxBytes }, redirects);
    }
  } catch (error) {
    // The caller cancelled (a job shutting down): that is not the website's fault, so no reason to show.
    if (options.signal?.aborted && !(error instanceof SafeFetchError)) throw options.signal.reason;
    throw toSafeFetchError(error, deadline, String(next));
  }
}

async function readResponse(
  target: Target,
  response: http.IncomingMessage,
  options: SafeFetchOptions & { maxBytes: number },
  redirects: string[],
): Promise<SafeFetchResponse> {
  const status = response.statusCode ?? 0;
  if (status < 200 || status > 299) {
    response.destroy();
    const retryable = status === 429 || status >= 500;
    const reason = `The website answered with an error (HTTP ${status})`;
    throw new SafeFetchError("HTTP_ERROR", reason, `HTTP ${status} from ${target.url.href}`, retryable);
  }
  const { type, charset } = mediaType(response.headers["content-type"]);
  const accept = options.accept ?? defaults.accept;
  if (!accepts(accept, type)) {
    response.destroy();
    const reason = `The address does not lead to a web page (it returned ${type || "an unknown type"})`;
    throw new SafeFetchError("UNSUPPORTED_CONTENT", reason, `content-type ${type || "missing"} refused`);
  }
  const declared = Number(response.headers["content-length"]);
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    response.destroy();
    throw tooLarge(options.maxBytes);
  }
  const body = await readCapped(response, response.headers["content-encoding"], options.maxBytes);
  return {
    url: target.url.href,
    status,
    contentType: type,
    charset,
    headers: response.headers,
    body,
    address: response.socket.remoteAddress ?? "",
    redirects,
  };
}

function toSafeFetchError(error: unknown, deadline: AbortSignal, url: string): SafeFetchError {
  if (error instanceof SafeFetchError) return error;
  if (deadline.aborted) {
    return new SafeFetchError("TIMEOUT", reasons.timeout, `gave up on ${url} after the time limit`, true, {
      cause: error,
    });
  }
  const detail = error instanceof Error ? error.message : String(error);
  return new SafeFetchError("UNREACHABLE", reasons.unreachable, `${url}: ${detail}`, true, { cause: error });
}
