import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

export interface FakeWebsite {
  /** The home page's URL. */
  url: string;
  port: number;
  /** How many times the home page was asked for: once per collection of the brand. */
  pageRequests(): number;
  /** Keeps the next home page answers waiting: `asked` resolves when one arrives, `release()` lets them go. */
  hold(): { asked: Promise<void>; release(): void };
  close(): Promise<void>;
}

const page = `<!doctype html><html><head><title>Bramble Tea</title>
<meta name="description" content="Loose-leaf teas, blended in Bristol.">
<link rel="apple-touch-icon" sizes="180x180" href="/logo.png"></head>
<body><a href="https://www.instagram.com/brambletea">Instagram</a></body></html>`;

/** A brand's website on loopback (the app needs WEBSITE_FETCH_ALLOW_PRIVATE and _PORTS to reach it). */
export async function startFakeWebsite(): Promise<FakeWebsite> {
  const logo = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#4b3f8f" } })
    .png()
    .toBuffer();
  let requests = 0;
  let held: { asked: () => void; released: Promise<void> } | undefined;
  const server = createServer((request, response) => {
    if (request.url === "/logo.png")
      return void response.writeHead(200, { "content-type": "image/png" }).end(logo);
    // robots.txt, feeds and sitemaps: this site has none (the collection asks for them after the page).
    if (request.url !== "/") return void response.writeHead(404).end();
    requests++;
    const answer = () => response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page);
    if (!held) return answer();
    held.asked();
    void held.released.then(answer);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    pageRequests: () => requests,
    hold() {
      const gate: { asked?: () => void; release?: () => void } = {};
      const asked = new Promise<void>((resolve) => {
        gate.asked = resolve;
      });
      const released = new Promise<void>((resolve) => {
        gate.release = resolve;
      });
      held = { asked: () => gate.asked?.(), released };
      return {
        asked,
        release: () => {
          held = undefined;
          gate.release?.();
        },
      };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
