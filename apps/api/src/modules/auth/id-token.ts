import { errors, jwtVerify, SignJWT } from "jose";

const ISSUER = "brandscope";
const AUDIENCE = "brandscope-api";
/** decisions.md: the idToken is the API credential, a short-lived JWT. */
export const ID_TOKEN_TTL_SECONDS = 15 * 60;

export function jwtKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/** The bearer the web app sends; `sub` is the user id. The accessToken (entry_token) is a different token. */
export function signIdToken(
  userId: string,
  key: Uint8Array,
  ttlSeconds = ID_TOKEN_TTL_SECONDS,
): Promise<string> {
  return new SignJWT({ token_use: "id" })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key);
}

/** The user id of a valid, unexpired idToken; undefined for anything else (other algorithms, `none`, tampering). */
export async function verifyIdToken(token: string, key: Uint8Array): Promise<string | undefined> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ["sub", "exp", "iat"],
    });
    return payload.token_use === "id" && payload.sub ? payload.sub : undefined;
  } catch (error) {
    if (error instanceof errors.JOSEError) return undefined;
    throw error;
  }
}
