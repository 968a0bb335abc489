import http from "node:http";
import net from "node:net";
import { gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { findFreePort } from "./free-port";
import { checkTarget, isPublicAddress, type Resolver, SafeFetchError, safeFetch } from "./safe-fetch";

// This workplace flags traffic to any address but 127.0.0.1. Every socket connect in this file goes through
// a guard that lets 127.0.0.1 through and throws for anything else, so a refusal that came too late (after
// connecting) fails the test instead of sending a packet.
const attempted: string[] = [];
beforeEach(() => {
  attempted.length = 0;
  const original = net.Socket.prototype.connect;
  vi.spyOn(net.Socket.prototype, "connect").mockImplementation(function (
    this: net.Socket,
    ...args: unknown[]
  ) {
    const host = connectAddress(Array.isArray(args[0]) ? args[0][0] : args[0]);
    attempted.push(host);
    if (host !== "127.0.0.1") throw new Error(`test tried to connect to ${host}`);
    return Reflect.apply(original, this, args);
  });
});
afterEach(() => vi.restoreAllMocks());

/** Where a socket would go: its host, or what its own (pinned, synchronous) lookup answers for it. */
function connectAddress(options: unknown): string {
  if (typeof options !== "object" || options === null) return "?";
  const { host, lookup } = options as { host?: string; lookup?: net.LookupFunction };
  if (!lookup || !host || net.isIP(host)) return String(host);
  let address = "?";
  lookup(host, {}, (_error, answer) => {
    address = typeof answer === "string" ? answer : (answer[0]?.address ?? "?");
  });
  return address;
}

/** A resolver that answers from a table and records what it was asked; never touches DNS. */
function fakeDns(table: Record<string, string[]>) {
  const asked: string[] = [];
  const resolve: Resolver = async (hostname) => {
    asked.push(hostname);
    const answer = table[hostname];
    if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return answer;
  };
  return { resolve, asked };
}

async function localServer(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    /** What a test passes to reach this server and nothing else private. */
    options: { allowPrivate: ["127.0.0.1"], allowPorts: [port] },
    close: () =>
      new Promise<void>((done) => server.close(() => done())).then(() => server.closeAllConnections()),
    server,
  };
}

async function refusal(promise: Promise<unknown>): Promise<SafeFetchError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SafeFetchError);
  return error as SafeFetchError;
}

describe("isPublicAddress", () => {
  it.each([
    ["0.0.0.0", "this network"],
    ["0.1.2.3", "this network"],
    ["10.1.2.3", "private 10/8"],
    ["100.64.0.1", "CGNAT"],
    ["100.127.255.254", "CGNAT"],
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["169.254.169.254", "cloud metadata"],
    ["172.16.0.1", "private 172.16/12"],
    ["172.31.255.255", "private 172.16/12"],
    ["192.168.1.1", "private 192.168/16"],
    ["192.0.0.8", "IETF"],
    ["192.0.2.10", "documentation"],
    ["198.18.0.1", "benchmarking"],
    ["224.0.0.251", "multicast"],
    ["239.255.255.250", "multicast"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "broadcast"],
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["fc00::1", "unique local"],
    ["fd12:3456::1", "unique local"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local with a zone"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "documentation"],
    ["2002:7f00:1::", "6to4 of 127.0.0.1"],
    ["64:ff9b::7f00:1", "NAT64 of 127.0.0.1"],
    ["::127.0.0.1", "IPv4-compatible"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:7f00:1", "IPv4-mapped loopback, hex"],
    ["0:0:0:0:0:ffff:a9fe:a9fe", "IPv4-mapped metadata, long hex"],
    ["::ffff:10.0.0.1", "IPv4-mapped private"],
    ["::ffff:192.168.0.1", "IPv4-mapped private"],
    ["::ffff:100.64.0.1", "IPv4-mapped CGNAT"],
    ["not-an-ip", "garbage"],
  ])("refuses %s (%s)", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(["93.184.215.14", "8.8.8.8", "172.32.0.1", "100.128.0.1", "2606:4700::1111", "::ffff:8.8.8.8"])(
    "accepts %s",
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe("checkTarget (resolve and check, never connects)", () => {
  it.each([
    "10.0.0.7",
    "172.20.1.1",
    "192.168.0.10",
    "127.0.0.1",
    "169.254.169.254",
    "100.100.1.1",
    "0.0.0.0",
  ])("refuses a name that resolves to %s", async (address) => {
    const dns = fakeDns({ "shop.example": [address] });
    const error = await refusal(checkTarget("https://shop.example/", { resolve: dns.resolve }));
    expect(error.code).toBe("PRIVATE_ADDRESS");
    expect(error.reason).toBe("The website address points to a private network");
    expect(error.retryable).toBe(false);
    expect(dns.asked).toEqual(["shop.example"]);
  });

  it.each(["::1", "fd00::1", "fe80::2", "::ffff:127.0.0.1", "::ffff:a9fe:a9fe", "ff05::2"])(
    "refuses a name whose AAAA answer is %s",
    async (address) => {
      const dns = fakeDns({ "shop.example": [address] });
      expect((await refusal(checkTarget("https://shop.example/", { resolve: dns.resolve }))).code).toBe(
        "PRIVATE_ADDRESS",
      );
    },
  );

  it("refuses a name with one private answer among public ones", async () => {
    const dns = fakeDns({ "shop.example": ["93.184.215.14", "10.0.0.1"] });
    expect((await refusal(checkTarget("https://shop.example/", { resolve: dns.resolve }))).code).toBe(
      "PRIVATE_ADDRESS",
    );
  });

  it.each([
    "http://127.0.0.1/",
    "http://[::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[0:0:0:0:0:ffff:169.254.169.254]/",
    "http://0x7f.1/",
    "http://2130706433/",
    "http://0/",
    "http://169.254.169.254/latest/meta-data/",
  ])("refuses the literal address %s without asking DNS", async (url) => {
    const dns = fakeDns({});
    expect((await refusal(checkTarget(url, { resolve: dns.resolve }))).code).toBe("PRIVATE_ADDRESS");
    expect(dns.asked).toEqual([]);
  });

  it("refuses localhost through the system resolver (hosts file, no network)", async () => {
    expect((await refusal(checkTarget("http://localhost/"))).code).toBe("PRIVATE_ADDRESS");
  });

  it("accepts a public answer and returns the address it will connect to", async () => {
    const dns = fakeDns({ "shop.example": ["93.184.215.14"] });
    const target = await checkTarget("https://shop.example/a?b=1", { resolve: dns.resolve });
    expect(target.addresses).toEqual([{ address: "93.184.215.14", family: 4 }]);
    expect(target.url.href).toBe("https://shop.example/a?b=1");
  });

  it.each([
    "ftp://shop.example/",
    "file:///etc/passwd",
    "javascript:alert(1)",
    "gopher://shop.example/",
    "nope",
  ])("refuses %s as not a website address", async (url) => {
    const error = await refusal(checkTarget(url, { resolve: fakeDns({}).resolve }));
    expect(error.code).toBe("INVALID_URL");
    expect(error.reason).toBe("The website address is not valid");
  });

  it("refuses credentials in the URL", async () => {
    const dns = fakeDns({ "shop.example": ["93.184.215.14"] });
    expect((await refusal(checkTarget("https://me:pw@shop.example/", { resolve: dns.resolve }))).code).toBe(
      "INVALID_URL",
    );
  });

  it("refuses ports other than 80 and 443 before resolving, unless allowed", async () => {
    const dns = fakeDns({ "shop.example": ["93.184.215.14"] });
    const error = await refusal(checkTarget("http://shop.example:6379/", { resolve: dns.resolve }));
    expect(error.code).toBe("PORT_NOT_ALLOWED");
    expect(dns.asked).toEqual([]);
    await expect(
      checkTarget("http://shop.example:8080/", { resolve: dns.resolve, allowPorts: [8080] }),
    ).resolves.toBeTruthy();
    await expect(checkTarget("https://shop.example:443/", { resolve: dns.resolve })).resolves.toBeTruthy();
  });

  it("lets allowPrivate open exactly the listed addresses and ranges", async () => {
    const dns = fakeDns({ a: ["127.0.0.1"], b: ["127.0.0.2"], c: ["10.1.2.3"], d: ["::ffff:127.0.0.1"] });
    const options = { resolve: dns.resolve, allowPrivate: ["127.0.0.1", "10.1.0.0/16"] };
    await expect(checkTarget("http://a/", options)).resolves.toMatchObject({
      addresses: [{ address: "127.0.0.1" }],
    });
    await expect(checkTarget("http://c/", options)).resolves.toMatchObject({
      addresses: [{ address: "10.1.2.3" }],
    });
    await expect(checkTarget("http://d/", options)).resolves.toMatchObject({
      addresses: [{ address: "::ffff:127.0.0.1", family: 6 }],
    });
    expect((await refusal(checkTarget("http://b/", options))).code).toBe("PRIVATE_ADDRESS");
    await expect(checkTarget("http://a/", { ...options, allowPrivate: ["nonsense"] })).rejects.toThrow(
      TypeError,
    );
  });

  it("says the domain was not found when DNS has no answer", async () => {
    const error = await refusal(checkTarget("https://missing.example/", { resolve: fakeDns({}).resolve }));
    expect(error).toMatchObject({
      code: "DNS_FAILED",
      reason: "The website's domain name could not be found",
    });
  });
});

describe("safeFetch", () => {
  it("refuses a private answer before any connection", async () => {
    const dns = fakeDns({ "metadata.example": ["169.254.169.254"] });
    const error = await refusal(safeFetch("http://metadata.example/latest/", { resolve: dns.resolve }));
    expect(error.code).toBe("PRIVATE_ADDRESS");
    expect(attempted).toEqual([]);
  });

  it("fetches a page from an allowed address, with our User-Agent", async () => {
    let userAgent: string | undefined;
    const site = await localServer((req, res) => {
      userAgent = req.headers["user-agent"];
      res.writeHead(200, { "content-type": "text/html; charset=ISO-8859-1" }).end("<title>Acme</title>");
    });
    try {
      const page = await safeFetch(`${site.url}/`, {
        ...site.options,
        userAgent: "BrandscopeBot/1.0 (+https://app.example)",
      });
      expect(page).toMatchObject({ status: 200, contentType: "text/html", charset: "ISO-8859-1" });
      expect(page.body.toString()).toBe("<title>Acme</title>");
      expect(page.address).toBe("127.0.0.1");
      expect(userAgent).toBe("BrandscopeBot/1.0 (+https://app.example)");
    } finally {
      await site.close();
    }
  });

  it("connects to the address it checked, not to a second DNS answer (no rebinding)", async () => {
    let hostHeader: string | undefined;
    const site = await localServer((req, res) => {
      hostHeader = req.headers.host;
      res.writeHead(200, { "content-type": "text/html" }).end("ok");
    });
    try {
      // First answer allowed, every later one private: the fetch must not ask again after the check.
      let calls = 0;
      const port = site.options.allowPorts[0];
      const resolve: Resolver = async () => (calls++ === 0 ? ["127.0.0.1"] : ["10.0.0.1"]);
      const page = await safeFetch(`http://rebind.example:${port}/`, { ...site.options, resolve });
      expect(page.body.toString()).toBe("ok");
      expect(calls).toBe(1);
      expect(attempted).toEqual(["127.0.0.1"]);
      expect(page.address).toBe("127.0.0.1");
      expect(hostHeader).toBe(`rebind.example:${port}`); // virtual hosting still sees the name
    } finally {
      await site.close();
    }
  });

  it("follows redirects (relative ones too), re-checking each, and reports the final URL", async () => {
    const site = await localServer((req, res) => {
      if (req.url === "/") res.writeHead(301, { location: "/en" }).end();
      else if (req.url === "/en") res.writeHead(302, { location: `${siteUrl}/en/home` }).end();
      else res.writeHead(200, { "content-type": "text/html" }).end("home");
    });
    const siteUrl = site.url;
    try {
      const page = await safeFetch(`${site.url}/`, site.options);
      expect(page.url).toBe(`${site.url}/en/home`);
      expect(page.redirects).toEqual([`${site.url}/en`, `${site.url}/en/home`]);
    } finally {
      await site.close();
    }
  });

  it.each([
    ["a name resolving to a private address", "http://intranet.example/admin"],
    ["a literal private address", "http://10.0.0.5/"],
    ["the cloud metadata address", "http://169.254.169.254/latest/meta-data/"],
    ["a mapped loopback on another port", "http://[::ffff:127.0.0.1]:6379/"],
  ])("refuses a redirect from an allowed server to %s", async (_label, location) => {
    const site = await localServer((_req, res) => res.writeHead(302, { location }).end());
    const dns = fakeDns({ "intranet.example": ["10.0.0.5"] });
    try {
      const error = await refusal(safeFetch(`${site.url}/`, { ...site.options, resolve: dns.resolve }));
      expect(["PRIVATE_ADDRESS", "PORT_NOT_ALLOWED"]).toContain(error.code);
      expect(attempted).toEqual(["127.0.0.1"]); // the first hop only
    } finally {
      await site.close();
    }
  });

  it("stops after 5 redirects", async () => {
    let requests = 0;
    const site = await localServer((_req, res) => {
      requests += 1;
      res.writeHead(302, { location: `/r${requests}` }).end();
    });
    try {
      const error = await refusal(safeFetch(`${site.url}/`, site.options));
      expect(error).toMatchObject({
        code: "TOO_MANY_REDIRECTS",
        reason: "The website redirects too many times",
      });
      expect(requests).toBe(6); // the page and 5 redirects followed
    } finally {
      await site.close();
    }
  });

  it("refuses a page whose declared length passes the cap without reading it", async () => {
    const site = await localServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html", "content-length": String(3 * 1024 * 1024) });
      res.write("x".repeat(1024));
    });
    try {
      const error = await refusal(safeFetch(`${site.url}/`, site.options));
      expect(error).toMatchObject({ code: "TOO_LARGE", reason: "The page is larger than 2 MB" });
    } finally {
      await site.close();
    }
  });

  it("aborts a streamed page as soon as it passes the cap", async () => {
    let sent = 0;
    let closed = false;
    const site = await localServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" }); // chunked: no length announced
      const timer = setInterval(() => {
        if (sent >= 100) {
          clearInterval(timer);
          res.end();
          return;
        }
        res.write("y".repeat(64 * 1024));
        sent += 1;
      }, 1);
      res.on("close", () => {
        closed = true;
        clearInterval(timer);
      });
    });
    try {
      const error = await refusal(safeFetch(`${site.url}/`, { ...site.options, maxBytes: 512 * 1024 }));
      expect(error).toMatchObject({ code: "TOO_LARGE", reason: "The page is larger than 0.5 MB" });
      await vi.waitFor(() => expect(closed).toBe(true));
      expect(sent).toBeLessThan(100); // we hung up; the server did not get to send its 6.4 MB
    } finally {
      await site.close();
    }
  });

  it("counts the cap on decompressed bytes (a gzip bomb is refused)", async () => {
    const bomb = gzipSync(Buffer.alloc(3 * 1024 * 1024, 32));
    const site = await localServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" }).end(bomb);
    });
    try {
      expect(bomb.length).toBeLessThan(64 * 1024);
      expect((await refusal(safeFetch(`${site.url}/`, site.options))).code).toBe("TOO_LARGE");
    } finally {
      await site.close();
    }
  });

  it("decompresses a gzip page", async () => {
    const site = await localServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" });
      res.end(gzipSync("<h1>zipped</h1>"));
    });
    try {
      expect((await safeFetch(`${site.url}/`, site.options)).body.toString()).toBe("<h1>zipped</h1>");
    } finally {
      await site.close();
    }
  });

  it("times out a server that never answers", async () => {
    const site = await localServer(() => {});
    try {
      const started = Date.now();
      const error = await refusal(safeFetch(`${site.url}/`, { ...site.options, timeoutMs: 300 }));
      expect(error).toMatchObject({
        code: "TIMEOUT",
        reason: "The website took too long to answer",
        retryable: true,
      });
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await site.close();
    }
  });

  it("times out a page that trickles in, within the total time", async () => {
    const site = await localServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      const timer = setInterval(() => res.write("."), 50);
      res.on("close", () => clearInterval(timer));
    });
    try {
      expect((await refusal(safeFetch(`${site.url}/`, { ...site.options, timeoutMs: 400 }))).code).toBe(
        "TIMEOUT",
      );
    } finally {
      await site.close();
    }
  });

  it("times out a connection whose TLS handshake never completes", async () => {
    const silent = net.createServer(() => {}); // accepts TCP, never speaks TLS
    await new Promise<void>((done) => silent.listen(0, "127.0.0.1", done));
    const port = (silent.address() as net.AddressInfo).port;
    try {
      const error = await refusal(
        safeFetch(`https://127.0.0.1:${port}/`, {
          allowPrivate: ["127.0.0.1"],
          allowPorts: [port],
          connectTimeoutMs: 200,
        }),
      );
      expect(error.code).toBe("TIMEOUT");
      expect(error.message).toContain("no connection");
    } finally {
      silent.close();
    }
  });

  it("says the website could not be reached when nothing listens", async () => {
    const port = await findFreePort();
    const error = await refusal(
      safeFetch(`http://127.0.0.1:${port}/`, { allowPrivate: ["127.0.0.1"], allowPorts: [port] }),
    );
    expect(error).toMatchObject({
      code: "UNREACHABLE",
      reason: "The website could not be reached",
      retryable: true,
    });
  });

  it.each([
    ["application/json", "{}"],
    ["application/pdf", "%PDF"],
    [undefined, "<html>"],
  ])("refuses a %s response where a web page is expected", async (type, body) => {
    const site = await localServer((_req, res) =>
      res.writeHead(200, type ? { "content-type": type } : {}).end(body),
    );
    try {
      const error = await refusal(safeFetch(`${site.url}/`, site.options));
      expect(error.code).toBe("UNSUPPORTED_CONTENT");
      expect(error.reason).toMatch(/^The address does not lead to a web page/);
    } finally {
      await site.close();
    }
  });

  it("accepts images when asked for images (logos)", async () => {
    const site = await localServer((_req, res) =>
      res.writeHead(200, { "content-type": "image/png" }).end("PNG"),
    );
    try {
      const logo = await safeFetch(`${site.url}/logo.png`, { ...site.options, accept: ["image/*"] });
      expect(logo.contentType).toBe("image/png");
    } finally {
      await site.close();
    }
  });

  it.each([
    [404, false],
    [503, true],
  ])("reports HTTP %i as an error of the website (retryable: %s)", async (status, retryable) => {
    const site = await localServer((_req, res) =>
      res.writeHead(status, { "content-type": "text/html" }).end(),
    );
    try {
      const error = await refusal(safeFetch(`${site.url}/`, site.options));
      expect(error).toMatchObject({
        code: "HTTP_ERROR",
        reason: `The website answered with an error (HTTP ${status})`,
        retryable,
      });
    } finally {
      await site.close();
    }
  });

  it("passes the caller's cancellation through as is", async () => {
    const site = await localServer(() => {});
    try {
      const controller = new AbortController();
      const pending = safeFetch(`${site.url}/`, { ...site.options, signal: controller.signal });
      const reason = new Error("shutting down");
      setTimeout(() => controller.abort(reason), 50);
      await expect(pending).rejects.toBe(reason);
    } finally {
      await site.close();
    }
  });
});
