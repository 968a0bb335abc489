import { Writable } from "node:stream";
import pino from "pino";
import { expect, it } from "vitest";
import { buildTestApp } from "../../test/app";

it("logs one line per request, once answered: method, URL, status, time and request id", async () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const t = await buildTestApp({ log: pino({ level: "info" }, stream) });
  try {
    const authorization = await t.authorization();
    lines.length = 0;
    const response = await t.app.inject({ method: "GET", url: "/api/brand", headers: { authorization } });
    expect(response.statusCode).toBe(200);
    const requestId = response.headers["x-request-id"];
    const mine = lines.filter((l) => l.requestId === requestId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      level: 30,
      msg: "request completed",
      req: { method: "GET", url: "/api/brand" },
      res: { statusCode: 200 },
    });
    expect(typeof mine[0]?.responseTime).toBe("number");

    lines.length = 0;
    const missing = await t.app.inject({ method: "GET", url: "/api/brand" });
    expect(missing.statusCode).toBe(401);
    const refused = lines.filter((l) => l.requestId === missing.headers["x-request-id"]);
    expect(refused.at(-1)).toMatchObject({ msg: "request completed", res: { statusCode: 401 } });

    // An invitation link's token (a GET query) never reaches the log.
    lines.length = 0;
    const token = "tok_3b1f9c2e8d7a6b5c4d3e2f1a0b9c8d7e";
    const preview = await t.app.inject({
      method: "GET",
      url: `/api/workspace/invitations/preview?token=${token}`,
    });
    expect(preview.statusCode).toBeLessThan(500);
    const logged = lines.filter((l) => l.requestId === preview.headers["x-request-id"]);
    expect(logged.at(-1)).toMatchObject({
      req: { url: "/api/workspace/invitations/preview?token=[redacted]" },
    });
    expect(JSON.stringify(lines)).not.toContain(token);
  } finally {
    await t.close();
  }
});
