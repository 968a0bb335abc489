import { createHash } from "node:crypto";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { createServer, type IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { caller } from "../../../test/api";
import { buildTestApp, type TestApp } from "../../../test/app";
import { expectContractResponse } from "../../../test/contract-response";
import { blackPng, declaredPng } from "../../../test/png";
import { s3Storage } from "../../kernel/storage";
import { pictureDecodes } from "./profile-picture";

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "brandscope-pictures-"));
  await chmod(dataDir, 0o755);
  t = await buildTestApp({ env: { DATA_DIR: dataDir } });
  return async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  };
});

function multipart(file: { name: string; type: string; data: Buffer }, field = "file") {
  const boundary = `----brandscope${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(
  authorization: string,
  file: { name: string; type: string; data: Buffer },
  field?: string,
) {
  const { payload, contentType } = multipart(file, field);
  const response = await t.app.inject({
    method: "PATCH",
    url: "/api/user/profile-picture",
    payload,
    headers: { authorization, "content-type": contentType },
  });
  expectContractResponse("updateProfilePicture", response);
  return response;
}

const picture = (format: "png" | "jpeg" | "webp", width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: { r: 55, g: 48, b: 163 } } })
    .toFormat(format)
    .toBuffer();

describe("PATCH /api/user/profile-picture", () => {
  it("takes a PNG named .jpg (the content decides), re-encodes it to a 256×256 WebP and serves it", async () => {
    const authorization = await t.authorization();
    const response = await upload(authorization, {
      name: "me.jpg",
      type: "image/jpeg",
      data: await picture("png"),
    });
    expect(response.statusCode).toBe(200);
    const { profilePicture } = response.json();
    expect(profilePicture).toMatch(/^\/media\/avatars\/[0-9a-f-]{36}-[\w-]+\.webp$/);
    expect((await caller(t).me(authorization)).json().profilePicture).toBe(profilePicture);

    const served = await t.app.inject({ method: "GET", url: profilePicture });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });
  });

  it("takes JPEG and WebP, and replaces the previous picture", async () => {
    const authorization = await t.authorization();
    const first = (
      await upload(authorization, {
        name: "a.jpeg",
        type: "image/jpeg",
        data: await picture("jpeg", 300, 900),
      })
    ).json();
    const second = await upload(authorization, {
      name: "b",
      type: "application/octet-stream",
      data: await picture("webp"),
    });
    expect(second.statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: first.profilePicture })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: second.json().profilePicture })).statusCode).toBe(200);
  });

  it("refuses a text file named .png with 415", async () => {
    const authorization = await t.authorization();
    const response = await upload(authorization, {
      name: "me.png",
      type: "image/png",
      data: Buffer.from("not a picture at all"),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: "Upload a PNG, JPEG or WebP picture.",
    });
    const svg = await upload(authorization, {
      name: "me.svg",
      type: "image/svg+xml",
      data: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"),
    });
    expect(svg.statusCode).toBe(415);
  });

  it("refuses a damaged picture with 400", async () => {
    const authorization = await t.authorization();
    const png = await picture("png");
    const response = await upload(authorization, {
      name: "cut.png",
      type: "image/png",
      data: png.subarray(0, 60),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("IMAGE_UNREADABLE");
  });

  it("refuses more than 5 MB with 413", async () => {
    const authorization = await t.authorization();
    const header = await picture("png", 16, 16);
    const big = Buffer.concat([header, Buffer.alloc(5 * 1024 * 1024 + 1 - header.length)]);
    const response = await upload(authorization, { name: "big.png", type: "image/png", data: big });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      message: "The file is too large (at most 5 MB)",
    });
    const justFits = Buffer.concat([header, Buffer.alloc(5 * 1024 * 1024 - header.length)]);
    // Exactly 5 MB is allowed through the size check (and then read as the PNG it starts with).
    expect(
      (await upload(authorization, { name: "fits.png", type: "image/png", data: justFits })).statusCode,
    ).not.toBe(413);
  });

  it("takes a 24-megapixel phone photo", async () => {
    const authorization = await t.authorization();
    const photo = await picture("jpeg", 5712, 4284);
    const response = await upload(authorization, { name: "IMG_0001.jpg", type: "image/jpeg", data: photo });
    expect(response.statusCode).toBe(200);
  });

  it("refuses a few bytes declaring 60000×60000 pixels at once, from the header alone", async () => {
    const authorization = await t.authorization();
    const bomb = declaredPng({ width: 60_000, height: 60_000 });
    expect(bomb.length).toBeLessThan(100);
    const started = performance.now();
    const response = await upload(authorization, { name: "bomb.png", type: "image/png", data: bomb });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "IMAGE_TOO_LARGE",
      message:
        "This picture is 60000×60000 pixels (3600 megapixels): at most 32 megapixels can be read. " +
        "Resize it and try again.",
    });
  });

  it("refuses more than 32 megapixels, and fewer for 16-bit colour or transparency", async () => {
    const authorization = await t.authorization();
    const tooLarge = async (data: Buffer) => {
      const response = await upload(authorization, { name: "p.png", type: "image/png", data });
      expect(response.statusCode).toBe(400);
      return response.json().message;
    };
    expect(await tooLarge(await picture("jpeg", 8000, 6000))).toBe(
      "This picture is 8000×6000 pixels (48 megapixels): at most 32 megapixels can be read. " +
        "Resize it and try again.",
    );
    // 6000×4000 takes 72 MB as 8-bit RGB, 96 MB with transparency, 192 MB with 16-bit samples as well.
    expect(await tooLarge(declaredPng({ width: 6000, height: 4000, alpha: true, bitDepth: 16 }))).toBe(
      "This picture is 6000×4000 pixels (24 megapixels): at most 12 megapixels can be read for a picture " +
        "with 16-bit colour and transparency. Resize it and try again.",
    );
    const transparent = await upload(authorization, {
      name: "logo.png",
      type: "image/png",
      data: await blackPng({ width: 6000, height: 4000, alpha: true }),
    });
    expect(transparent.statusCode).toBe(200);
  });

  it("decodes one picture at a time, lets 8 more wait and answers 503 with Retry-After past that", async () => {
    const authorization = await t.authorization();
    const data = await picture("png", 64, 64);
    const send = () => upload(authorization, { name: "p.png", type: "image/png", data });
    // This test holds the one decoding slot itself, so what waits and what is refused does not depend on timing.
    let release = () => {};
    const holding = pictureDecodes.run(() => new Promise<void>((resolve) => (release = resolve)));
    const waiting = Array.from({ length: 8 }, send);
    await expect.poll(() => pictureDecodes.load).toEqual({ running: 1, waiting: 8 });

    const started = performance.now();
    const refused = await send();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers["retry-after"]).toBe("5");
    expect(refused.json()).toMatchObject({
      code: "SERVER_BUSY",
      message: "Too many pictures are being processed right now. Try again in a moment.",
    });

    release();
    await holding;
    expect((await Promise.all(waiting)).map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(pictureDecodes.load).toEqual({ running: 0, waiting: 0 });
  });

  it("needs the file in the form field `file` and a bearer", async () => {
    const authorization = await t.authorization();
    const wrongField = await upload(
      authorization,
      { name: "me.png", type: "image/png", data: await picture("png") },
      "picture",
    );
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe('Attach the file as the form field "file"');
    const anonymous = await t.app.inject({
      method: "PATCH",
      url: "/api/user/profile-picture",
      ...multipartInject(),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

function multipartInject() {
  const { payload, contentType } = multipart({ name: "x.png", type: "image/png", data: Buffer.from("x") });
  return { payload, headers: { "content-type": contentType } };
}

describe("S3-compatible storage", () => {
  it("PUTs and DELETEs objects path-style with a SigV4 signature, and links under the CDN", async () => {
    const seen: { method: string; url: string; headers: IncomingMessage["headers"]; body: Buffer }[] = [];
    let status = 200;
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        seen.push({
          method: request.method ?? "",
          url: request.url ?? "",
          headers: request.headers,
          body: Buffer.concat(chunks),
        });
        response.statusCode = status;
        response.end(status === 200 ? "" : "<Error><Code>AccessDenied</Code></Error>");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    const port = address && typeof address === "object" ? address.port : 0;
    try {
      const config = {
        endpoint: `http://127.0.0.1:${port}`,
        region: "auto",
        bucket: "pictures",
        accessKeyId: "AKIDEXAMPLE",
        secretAccessKey: "secret-example",
      };
      const storage = s3Storage(config);
      const body = Buffer.from("webp bytes");
      await storage.put("avatars/u-1.webp", body, "image/webp");
      await storage.delete("avatars/u-1.webp");
      expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([
        "PUT /pictures/avatars/u-1.webp",
        "DELETE /pictures/avatars/u-1.webp",
      ]);
      const put = seen[0];
      expect(put?.body).toEqual(body);
      expect(put?.headers["content-type"]).toBe("image/webp");
      expect(put?.headers.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/auto\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$/,
      );
      expect(put?.headers["x-amz-content-sha256"]).toBe(createHash("sha256").update(body).digest("hex"));
      expect(storage.urlOf("avatars/u-1.webp")).toBe(`http://127.0.0.1:${port}/pictures/avatars/u-1.webp`);
      expect(s3Storage(config, "https://cdn.example.com/").urlOf("avatars/u-1.webp")).toBe(
        "https://cdn.example.com/avatars/u-1.webp",
      );
      expect(s3Storage(config, "https://cdn.example.com").externalOrigin).toBe("https://cdn.example.com");

      status = 403;
      await expect(storage.put("avatars/u-2.webp", body, "image/webp")).rejects.toThrow(/403/);
      expect(() => storage.urlOf("../secrets")).toThrow(/Invalid storage key/);
    } finally {
      server.close();
    }
  });
});
