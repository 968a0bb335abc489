import { decodeProtectedHeader, SignJWT, UnsecuredJWT } from "jose";
import { describe, expect, it } from "vitest";
import { jwtKey, signingKeys } from "../../config/keys";
import { signAccessToken, signIdToken, verifyAccessToken, verifyIdToken } from "./id-token";

const keys = signingKeys(["k".repeat(48)]);
const key = keys.current;
const subject = { userId: "user-1", workspaceId: "workspace-1", sessionId: "session-1" };

describe("id tokens", () => {
  it("carry the user, workspace and session and last 15 minutes", async () => {
    const token = await signIdToken(subject, key);
    expect(await verifyIdToken(token, keys)).toMatchObject(subject);
    const claims = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString());
    expect(claims.exp - claims.iat).toBe(15 * 60);
    expect(claims).toMatchObject({ sub: "user-1", wid: "workspace-1", sid: "session-1", token_use: "id" });
  });

  it("refuse other tokens of the same key: expired, or not an id token", async () => {
    expect(await verifyIdToken(await signIdToken(subject, key, new Date(), -60), keys)).toBeUndefined();
    const access = await signAccessToken(subject, key);
    expect(await verifyIdToken(access, keys)).toBeUndefined();
    expect(await verifyIdToken("not.a.token", keys)).toBeUndefined();
    const unsigned = new UnsecuredJWT({ token_use: "id", wid: "w", sid: "s" })
      .setSubject("user-1")
      .setIssuer("brandscope")
      .setAudience("brandscope-api")
      .setIssuedAt()
      .setExpirationTime("5m")
      .encode();
    expect(await verifyIdToken(unsigned, keys)).toBeUndefined();
    const hs512 = await new SignJWT({ token_use: "id", wid: "w", sid: "s" })
      .setProtectedHeader({ alg: "HS512" })
      .setSubject("user-1")
      .setIssuer("brandscope")
      .setAudience("brandscope-api")
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(key.key);
    expect(await verifyIdToken(hs512, keys)).toBeUndefined();
  });
});

describe("access tokens", () => {
  it("prove a sign-in of at most 15 minutes ago and are never id tokens", async () => {
    const signedInAt = new Date("2026-03-01T10:00:00Z");
    const token = await signAccessToken(subject, key, signedInAt);
    expect(await verifyAccessToken(token, keys, new Date("2026-03-01T10:14:00Z"))).toEqual(subject);
    expect(await verifyAccessToken(token, keys, new Date("2026-03-01T10:16:00Z"))).toBeUndefined();
    expect(
      await verifyAccessToken(await signIdToken(subject, key, signedInAt), keys, signedInAt),
    ).toBeUndefined();
  });
});

describe("signing keys", () => {
  const previous = "previous-signing-key-previous-signing-key-01";
  const next = "next-signing-key-next-signing-key-next-key-02";

  it("name the key that signed them in the header (kid), an id derived from the key", async () => {
    const token = await signIdToken(subject, key);
    expect(decodeProtectedHeader(token)).toEqual({ alg: "HS256", typ: "JWT", kid: key.id });
    expect(key.id).toMatch(/^[0-9a-f]{16}$/);
    expect(jwtKey("k".repeat(48)).id).toBe(key.id);
    expect(jwtKey(previous).id).not.toBe(key.id);
  });

  it("rotate: the new key signs, and tokens of the previous key stay valid until it is removed", async () => {
    const before = signingKeys([previous]);
    const oldId = await signIdToken(subject, before.current);
    const oldAccess = await signAccessToken(subject, before.current);
    const during = signingKeys([next, previous]);
    const newId = await signIdToken(subject, during.current);
    expect(decodeProtectedHeader(newId).kid).toBe(jwtKey(next).id);
    expect(await verifyIdToken(oldId, during)).toEqual(subject);
    expect(await verifyAccessToken(oldAccess, during)).toEqual(subject);
    expect(await verifyIdToken(newId, during)).toEqual(subject);
    // The previous key retired (its tokens have expired by then): what it signed opens nothing.
    const after = signingKeys([next]);
    expect(await verifyIdToken(oldId, after)).toBeUndefined();
    expect(await verifyAccessToken(oldAccess, after)).toBeUndefined();
    expect(await verifyIdToken(newId, after)).toEqual(subject);
  });

  it("check a token only with the key its kid names: not with another held key, nor an unknown id", async () => {
    const during = signingKeys([next, previous]);
    const claims = () =>
      new SignJWT({ token_use: "id", wid: "workspace-1", sid: "session-1" })
        .setSubject("user-1")
        .setIssuer("brandscope")
        .setAudience("brandscope-api")
        .setIssuedAt()
        .setExpirationTime("5m");
    const misnamed = await claims()
      .setProtectedHeader({ alg: "HS256", kid: jwtKey(next).id })
      .sign(jwtKey(previous).key);
    expect(await verifyIdToken(misnamed, during)).toBeUndefined();
    const unknown = await claims()
      .setProtectedHeader({ alg: "HS256", kid: "0000000000000000" })
      .sign(during.current.key);
    expect(await verifyIdToken(unknown, during)).toBeUndefined();
  });

  it("still accept a token signed before tokens named their key (no kid), with the key held", async () => {
    // What this version's predecessor issued: the same claims, signed with the secret's bytes, no kid.
    const legacy = await new SignJWT({ token_use: "id", wid: "workspace-1", sid: "session-1" })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject("user-1")
      .setIssuer("brandscope")
      .setAudience("brandscope-api")
      .setIssuedAt()
      .setExpirationTime("15m")
      .sign(new TextEncoder().encode(previous));
    expect(await verifyIdToken(legacy, signingKeys([previous]))).toEqual(subject);
    expect(await verifyIdToken(legacy, signingKeys([next, previous]))).toEqual(subject);
    expect(await verifyIdToken(legacy, signingKeys([next]))).toBeUndefined();
  });
});
