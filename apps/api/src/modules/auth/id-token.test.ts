import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { jwtKey, signIdToken, verifyIdToken } from "./id-token";

const key = jwtKey("k".repeat(48));

describe("id tokens", () => {
  it("carry the user id and last 15 minutes", async () => {
    const token = await signIdToken("user-1", key);
    expect(await verifyIdToken(token, key)).toBe("user-1");
    const claims = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString());
    expect(claims.exp - claims.iat).toBe(15 * 60);
  });

  it("refuse other tokens of the same key: expired, or not an id token", async () => {
    expect(await verifyIdToken(await signIdToken("user-1", key, -60), key)).toBeUndefined();
    const access = await new SignJWT({ token_use: "access" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("user-1")
      .setIssuer("brandscope")
      .setAudience("brandscope-api")
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(key);
    expect(await verifyIdToken(access, key)).toBeUndefined();
    expect(await verifyIdToken("not.a.token", key)).toBeUndefined();
  });
});
