import { SignJWT, UnsecuredJWT } from "jose";
import { describe, expect, it } from "vitest";
import { jwtKey } from "../../config/keys";
import { signAccessToken, signIdToken, verifyAccessToken, verifyIdToken } from "./id-token";

const key = jwtKey("k".repeat(48));
const subject = { userId: "user-1", workspaceId: "workspace-1", sessionId: "session-1" };

describe("id tokens", () => {
  it("carry the user, workspace and session and last 15 minutes", async () => {
    const token = await signIdToken(subject, key);
    expect(await verifyIdToken(token, key)).toMatchObject(subject);
    const claims = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString());
    expect(claims.exp - claims.iat).toBe(15 * 60);
    expect(claims).toMatchObject({ sub: "user-1", wid: "workspace-1", sid: "session-1", token_use: "id" });
  });

  it("refuse other tokens of the same key: expired, or not an id token", async () => {
    expect(await verifyIdToken(await signIdToken(subject, key, new Date(), -60), key)).toBeUndefined();
    const access = await signAccessToken(subject, key);
    expect(await verifyIdToken(access, key)).toBeUndefined();
    expect(await verifyIdToken("not.a.token", key)).toBeUndefined();
    const unsigned = new UnsecuredJWT({ token_use: "id", wid: "w", sid: "s" })
      .setSubject("user-1")
      .setIssuer("brandscope")
      .setAudience("brandscope-api")
      .setIssuedAt()
      .setExpirationTime("5m")
      .encode();
    expect(await verifyIdToken(unsigned, key)).toBeUndefined();
    const hs512 = await new SignJWT({ token_use: "id", wid: "w", sid: "s" })
      .setProtectedHeader({ alg: "HS512" })
      .setSubject("user-1")
      .setIssuer("brandscope")
      .setAudience("brandscope-api")
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(key);
    expect(await verifyIdToken(hs512, key)).toBeUndefined();
  });
});

describe("access tokens", () => {
  it("prove a sign-in of at most 15 minutes ago and are never id tokens", async () => {
    const signedInAt = new Date("2026-03-01T10:00:00Z");
    const token = await signAccessToken(subject, key, signedInAt);
    expect(await verifyAccessToken(token, key, new Date("2026-03-01T10:14:00Z"))).toEqual(subject);
    expect(await verifyAccessToken(token, key, new Date("2026-03-01T10:16:00Z"))).toBeUndefined();
    expect(
      await verifyAccessToken(await signIdToken(subject, key, signedInAt), key, signedInAt),
    ).toBeUndefined();
  });
});
