import http from "node:http";
import net from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { collectWebsite, toWebsiteUrl } from "./collect-website";
import { decodeHtml } from "./decode-html";

// Only 127.0.0.1 may be dialled from tests here: any other connect attempt throws before a packet leaves.
beforeEach(() => {
  const original = net.Socket.prototype.connect;
  vi.spyOn(net.Socket.prototype, "connect").mockImplementation(function (
    this: net.Socket,
    ...args: unknown[]
  ) {
    const options = (Array.isArray(args[0]) ? args[0][0] : args[0]) as { host?: string; lookup?: unknown };
    if (options.host !== "127.0.0.1") throw new Error(`test tried to connect to ${options.host}`);
    return Reflect.apply(original, this, args);
  });
});
afterEach(() => vi.restoreAllMocks());

const home = Buffer.from(
  `<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1252">
  <title>Caf\xe9 Lumi\xe8re</title><meta name="description" content="Roasted in Lyon \x96 since 1998">
  <link rel="icon" sizes="192x192" href="img/logo.png"></head>
  <body><a href="https://www.instagram.com/cafelumiere/">IG</a><a href="https://fb.com/CafeLumiere">FB</a></body></html>`,
  "latin1",
);

let server: http.Server;
let origin = "";
let options = {};
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === "/") res.writeHead(301, { location: "/fr/" }).end();
    else if (req.url === "/fr/") res.writeHead(200, { "content-type": "text/html" }).end(home);
    else if (req.url === "/private") res.writeHead(302, { location: "http://10.20.30.40/" }).end();
    else res.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const port = (server.address() as net.AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  options = { allowPrivate: ["127.0.0.1"], allowPorts: [port] };
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe("collectWebsite", () => {
  it("follows the redirect, decodes the page's charset and extracts its facts", async () => {
    const fetchedAt = new Date("2026-01-02T03:04:05Z");
    const result = await collectWebsite(`${origin}/`, { ...options, now: () => fetchedAt });
    expect(result).toEqual({
      ok: true,
      requestedUrl: `${origin}/`,
      finalUrl: `${origin}/fr/`,
      fetchedAt,
      title: "Café Lumière",
      description: "Roasted in Lyon – since 1998",
      logoUrl: `${origin}/fr/img/logo.png`,
      canonicalUrl: undefined,
      socialLinks: {
        facebook: "https://www.facebook.com/cafelumiere",
        instagram: "https://www.instagram.com/cafelumiere",
      },
      feedUrls: [],
    });
  });

  it("returns the user-facing reason when the site redirects into a private network", async () => {
    const result = await collectWebsite(`${origin}/private`, options);
    expect(result).toMatchObject({
      ok: false,
      code: "PRIVATE_ADDRESS",
      reason: "The website address points to a private network",
      retryable: false,
    });
  });

  it("refuses a private host as typed by a user, before connecting", async () => {
    const resolve = async () => ["192.168.1.1"];
    const result = await collectWebsite("router.example", { resolve });
    expect(result).toMatchObject({
      ok: false,
      requestedUrl: "https://router.example",
      code: "PRIVATE_ADDRESS",
    });
    expect(net.Socket.prototype.connect).not.toHaveBeenCalled();
  });

  it("reports a missing page with its reason", async () => {
    expect(await collectWebsite(`${origin}/gone`, options)).toMatchObject({
      ok: false,
      code: "HTTP_ERROR",
      reason: "The website answered with an error (HTTP 404)",
    });
  });
});

describe("toWebsiteUrl", () => {
  it.each([
    ["acme.com", "https://acme.com"],
    ["  www.acme.com/shop ", "https://www.acme.com/shop"],
    ["http://acme.com", "http://acme.com"],
    ["localhost:8080", "https://localhost:8080"],
  ])("%s → %s", (input, url) => {
    expect(toWebsiteUrl(input)).toBe(url);
  });
});

describe("decodeHtml", () => {
  it("uses the header charset first, then a <meta>, then UTF-8", () => {
    const latin = Buffer.from("<meta charset=iso-8859-1>\xe9", "latin1");
    expect(decodeHtml(latin, undefined)).toContain("é");
    expect(decodeHtml(Buffer.from("é"), "utf-8")).toBe("é");
    expect(decodeHtml(Buffer.from("é"), undefined)).toBe("é");
    expect(decodeHtml(Buffer.from("é"), "no-such-charset")).toBe("é");
    expect(decodeHtml(Buffer.from([0xef, 0xbb, 0xbf, 0x61]), "iso-8859-1")).toBe("a");
  });
});

describe("decodeHtml with windows-1252", () => {
  it("maps 0x80-0x9F to the characters the web means by them", () => {
    expect(decodeHtml(Buffer.from([0x93, 0x61, 0x94, 0x96, 0x80, 0xe9]), "iso-8859-1")).toBe(
      "\u201ca\u201d\u2013\u20ac\u00e9",
    );
  });
});
