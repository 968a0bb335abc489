import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { freshIp } from "../../../test/api";
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from "../../../test/app";
import { expectContractResponse } from "../../../test/contract-response";
import { wideLogo } from "../../../test/logo";
import { multipart } from "../../../test/multipart";
import { declaredPng } from "../../../test/png";
import { type SmtpSink, startSmtpSink } from "../../../test/smtp-sink";
import { seedTeam } from "../../../test/users";
import { jwtKey } from "../../config/keys";
import { subscriptions, workspaces } from "../../db/schema";

let t: TestApp;
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ env: { SMTP_URL: sink.url } });
  return async () => {
    await t.close();
    await sink.close();
  };
});

type Plan = "starter" | "professional" | "enterprise";
async function setPlan(workspaceId: string, plan: Plan) {
  await t.database.db
    .update(subscriptions)
    .set({ plan, status: "active", endDate: null })
    .where(eq(subscriptions.workspaceId, workspaceId));
}

/** A cancelled paid plan: held to Starter's limits, the data kept (docs/decisions.md "Plan limits"). */
async function cancelPlan(workspaceId: string) {
  await t.database.db
    .update(subscriptions)
    .set({ status: "cancelled" })
    .where(eq(subscriptions.workspaceId, workspaceId));
}

async function renameWorkspace(workspaceId: string, name: string) {
  await t.database.db.update(workspaces).set({ name }).where(eq(workspaces.id, workspaceId));
}

async function team(plan: Plan = "professional") {
  const seeded = await seedTeam(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
  await setPlan(seeded.owner.workspaceId, plan);
  return seeded;
}

async function send(
  operationId: string,
  method: "GET" | "PATCH" | "PUT" | "DELETE",
  url: string,
  authorization: string,
  body?: { json: unknown } | { file: { name: string; type: string; data: Buffer } },
) {
  const payload =
    body && "file" in body
      ? multipart(body.file)
      : body
        ? { payload: JSON.stringify(body.json), contentType: "application/json" }
        : undefined;
  const response = await t.app.inject({
    method,
    url: `/api${url}`,
    ...(payload ? { payload: payload.payload } : {}),
    headers: { authorization, ...(payload ? { "content-type": payload.contentType } : {}) },
    remoteAddress: freshIp(),
  });
  expectContractResponse(operationId, response);
  return response;
}

const api = {
  get: (auth: string) => send("getBranding", "GET", "/workspace/branding", auth),
  accent: (auth: string, accentColor: string | null) =>
    send("updateBranding", "PATCH", "/workspace/branding", auth, { json: { accentColor } }),
  logo: (auth: string, file: { name: string; type: string; data: Buffer }) =>
    send("uploadBrandingLogo", "PUT", "/workspace/branding/logo", auth, { file }),
  removeLogo: (auth: string) => send("removeBrandingLogo", "DELETE", "/workspace/branding/logo", auth),
};

describe("workspace branding", () => {
  it("shows an untouched workspace's defaults, with the plan deciding whether branding is available", async () => {
    const { owner, member } = await team("starter");
    const starter = await api.get(member.authorization);
    expect(starter.statusCode).toBe(200);
    expect(starter.json()).toEqual({
      available: false,
      applied: false,
      logo: null,
      accentColor: null,
      accentForeground: null,
    });
    await setPlan(owner.workspaceId, "professional");
    expect((await api.get(member.authorization)).json()).toMatchObject({ available: true, applied: false });
  });

  it("takes an owner's logo (the content decides its type), keeps its proportions and transparency, and serves it to members", async () => {
    const { owner, member } = await team();
    const response = await api.logo(owner.authorization, {
      name: "logo.jpg",
      type: "image/jpeg",
      data: await wideLogo(),
    });
    expect(response.statusCode).toBe(200);
    const branding = response.json();
    expect(branding).toMatchObject({ available: true, applied: true });
    expect(branding.logo).toMatch(/^\/media\/workspace-logos\/[0-9a-f-]{36}-[0-9a-f]{20}\.webp$/);
    expect((await api.get(member.authorization)).json().logo).toBe(branding.logo);

    const served = await t.app.inject({ method: "GET", url: branding.logo });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 512, height: 128, hasAlpha: true });
  });

  it("refuses a file that is not a picture (415) and a picture too large to decode (400), keeping the logo", async () => {
    const { owner } = await team();
    const first = (
      await api.logo(owner.authorization, { name: "a.png", type: "image/png", data: await wideLogo() })
    ).json();
    const notPicture = await api.logo(owner.authorization, {
      name: "logo.png",
      type: "image/png",
      data: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"),
    });
    expect([notPicture.statusCode, notPicture.json().code]).toEqual([415, "UNSUPPORTED_MEDIA_TYPE"]);
    const huge = await api.logo(owner.authorization, {
      name: "huge.png",
      type: "image/png",
      data: declaredPng({ width: 60_000, height: 60_000 }),
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().code).toBe("IMAGE_TOO_LARGE");
    expect((await api.get(owner.authorization)).json().logo).toBe(first.logo);
  });

  it("removes the logo: the file is gone and the accent stays", async () => {
    const { owner } = await team();
    await api.accent(owner.authorization, "#0f766e");
    const { logo } = (
      await api.logo(owner.authorization, { name: "a.png", type: "image/png", data: await wideLogo() })
    ).json();
    const removed = await api.removeLogo(owner.authorization);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ logo: null, accentColor: "#0f766e", applied: true });
    expect((await t.app.inject({ method: "GET", url: logo })).statusCode).toBe(404);
  });

  it("stores an accent colour that passes every check, in lower case, with the text colour to use on it", async () => {
    const { admin, member } = await team();
    const saved = await api.accent(admin.authorization, "#0F766E");
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      accentColor: "#0f766e",
      accentForeground: "#f9fafe",
      applied: true,
    });
    // A light accent takes the theme's dark text.
    expect((await api.accent(admin.authorization, "#8a8a8a")).json().accentForeground).toBe("#15181f");
    expect((await api.get(member.authorization)).json().accentColor).toBe("#8a8a8a");
    const cleared = await api.accent(admin.authorization, null);
    expect(cleared.json()).toMatchObject({ accentColor: null, accentForeground: null, applied: false });
  });

  it.each([
    ["#ffcc00", "This colour has a contrast of 1.5:1 with the light background; choose one of at least 3:1."],
    ["#3b38b4", "This colour has a contrast of 2.2:1 with the dark background; choose one of at least 3:1."],
    [
      "#7c7c7c",
      "Text on this colour reaches a contrast of only 4.2:1, light or dark; choose a colour on which text reaches at least 4.5:1.",
    ],
  ])("refuses %s with 422, saying which check failed and the measured ratio", async (colour, message) => {
    const { owner } = await team();
    await api.accent(owner.authorization, "#0f766e");
    const refused = await api.accent(owner.authorization, colour);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: "ACCENT_CONTRAST",
      message,
      details: [{ path: "/accentColor", message }],
    });
    expect((await api.get(owner.authorization)).json().accentColor).toBe("#0f766e");
  });

  it("refuses a colour that is not #rrggbb with 400 naming the field", async () => {
    const { owner } = await team();
    const refused = await api.accent(owner.authorization, "teal");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0].path).toBe("/accentColor");
  });

  it("lets a member read the branding but not change it (403, with who can)", async () => {
    const { member } = await team();
    for (const response of [
      await api.accent(member.authorization, "#0f766e"),
      await api.logo(member.authorization, { name: "a.png", type: "image/png", data: await wideLogo() }),
      await api.removeLogo(member.authorization),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe("ADMIN_ONLY");
    }
  });

  it("refuses branding on Starter with 402 and an upgrade message", async () => {
    const { owner } = await team("starter");
    const accent = await api.accent(owner.authorization, "#0f766e");
    expect(accent.statusCode).toBe(402);
    expect(accent.json()).toMatchObject({
      code: "PLAN_LIMIT",
      message:
        "Custom branding is not part of the Starter plan. Upgrade to Professional to set a logo and a colour.",
    });
    const logo = await api.logo(owner.authorization, {
      name: "a.png",
      type: "image/png",
      data: await wideLogo(),
    });
    expect(logo.statusCode).toBe(402);
  });

  it("keeps the settings after a downgrade but stops applying them, and applies them again on upgrade", async () => {
    const { owner, member } = await team();
    await api.accent(owner.authorization, "#0f766e");
    const { logo } = (
      await api.logo(owner.authorization, { name: "a.png", type: "image/png", data: await wideLogo() })
    ).json();
    await cancelPlan(owner.workspaceId);
    expect((await api.get(member.authorization)).json()).toEqual({
      available: false,
      applied: false,
      logo,
      accentColor: "#0f766e",
      accentForeground: "#f9fafe",
    });
    // Clearing what is kept stays possible.
    expect((await api.removeLogo(owner.authorization)).json()).toMatchObject({ logo: null, applied: false });
    await setPlan(owner.workspaceId, "enterprise");
    expect((await api.get(member.authorization)).json()).toMatchObject({
      applied: true,
      accentColor: "#0f766e",
    });
  });

  it("puts the logo in the invitation e-mail as an inline PNG, and leaves it out once the plan stops applying it", async () => {
    const { owner } = await team();
    await renameWorkspace(owner.workspaceId, "Kettleworth Roasters");
    await api.logo(owner.authorization, { name: "a.png", type: "image/png", data: await wideLogo() });
    const email = `branded-${Date.now()}@example.com`;
    const invited = await t.app.inject({
      method: "POST",
      url: "/api/workspace/invitations",
      payload: { email },
      headers: { authorization: owner.authorization },
      remoteAddress: freshIp(),
    });
    expect(invited.statusCode).toBe(201);
    const mail = await sink.waitFor((m) => m.to.includes(email));
    expect(mail.html).toContain('<img src="cid:workspace-logo" alt="Kettleworth Roasters logo"');
    const png = await sharp(inlinePart(mail.raw, "workspace-logo")).metadata();
    expect(png).toMatchObject({ format: "png", width: 512, height: 128 });

    // Downgraded (a cancelled plan is held to Starter): the settings stay, the e-mail carries Brandscope's name.
    await cancelPlan(owner.workspaceId);
    const resent = await t.app.inject({
      method: "POST",
      url: `/api/workspace/invitations/${invited.json().id}/resend`,
      headers: { authorization: owner.authorization },
      remoteAddress: freshIp(),
    });
    expect(resent.statusCode).toBe(200);
    await expect.poll(() => sink.messages.filter((m) => m.to.includes(email)).length).toBe(2);
    const plain = sink.messages.filter((m) => m.to.includes(email)).at(-1);
    expect(plain?.html).not.toContain("cid:");
    expect(plain?.raw).not.toContain("Content-ID:");
  });

  it("names CSV exports after the workspace, slugged safely", async () => {
    const { owner, member } = await team();
    await renameWorkspace(owner.workspaceId, 'Café "Olé" / Ünïcode & Co.');
    const brand = await t.app.inject({
      method: "POST",
      url: "/api/brand",
      payload: { sample: true },
      headers: { authorization: owner.authorization },
      remoteAddress: freshIp(),
    });
    expect(brand.statusCode).toBe(201);
    const csv = await t.app.inject({
      method: "GET",
      url: "/api/export/keywords?period=30d",
      headers: { authorization: member.authorization },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-disposition"]).toMatch(
      /^attachment; filename="cafe-ole-unicode-co-keywords-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
  });
});

/** The bytes of the inline attachment with this Content-ID, from the raw MIME message. */
function inlinePart(raw: string, cid: string): Buffer {
  const part = raw
    .split(/\r?\n--/)
    .find((candidate) => candidate.toLowerCase().includes(`content-id: <${cid}>`));
  const body = part
    ?.split(/\r?\n\r?\n/)
    .slice(1)
    .join("")
    .replace(/\s/g, "");
  if (!body) throw new Error(`No inline part ${cid}`);
  return Buffer.from(body, "base64");
}
