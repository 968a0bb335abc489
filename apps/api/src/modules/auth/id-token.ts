import { decodeProtectedHeader, errors, type JWTPayload, jwtVerify, SignJWT } from "jose";
import { ID_TOKEN_TTL_SECONDS, type SigningKey, type SigningKeys } from "../../config/keys";
import type { TokenSubject } from "../../kernel/token-subject";

const ISSUER = "brandscope";
const AUDIENCE = "brandscope-api";
/** How long after a sign-in its accessToken still proves a fresh one (deleting the account needs it). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

type TokenUse = "id" | "access";

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function sign(use: TokenUse, s: TokenSubject, key: SigningKey, now: Date, ttlSeconds: number) {
  const issuedAt = seconds(now);
  return new SignJWT({ token_use: use, wid: s.workspaceId, sid: s.sessionId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT", kid: key.id })
    .setSubject(s.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .sign(key.key);
}

/** The bearer the web app sends; `sub` is the user id, `wid` the workspace, `sid` the session. */
export function signIdToken(
  s: TokenSubject,
  key: SigningKey,
  now = new Date(),
  ttlSeconds = ID_TOKEN_TTL_SECONDS,
): Promise<string> {
  return sign("id", s, key, now, ttlSeconds);
}

/** The accessToken (the web app's entry_token): proves a sign-in at most 15 minutes ago. Never a bearer. */
export function signAccessToken(s: TokenSubject, key: SigningKey, now = new Date()): Promise<string> {
  return sign("access", s, key, now, ACCESS_TOKEN_TTL_SECONDS);
}

/**
 * The keys that may have signed the token: the one its `kid` names (none when the server no longer holds it), or,
 * for a token signed before tokens named their key (issued by an older version, valid 15 minutes at most), each
 * key held, the way such a token was checked then.
 */
function candidateKeys(token: string, keys: SigningKeys): readonly SigningKey[] {
  let kid: unknown;
  try {
    ({ kid } = decodeProtectedHeader(token));
  } catch {
    return [];
  }
  if (kid === undefined) return keys.keys;
  return keys.keys.filter((k) => k.id === kid);
}

async function verify(
  use: TokenUse,
  token: string,
  keys: SigningKeys,
  now: Date,
): Promise<(TokenSubject & { issuedAt: Date; expiresAt: Date }) | undefined> {
  let payload: JWTPayload | undefined;
  for (const { key } of candidateKeys(token, keys)) {
    try {
      ({ payload } = await jwtVerify(token, key, {
        // An allow-list: `none` and every other algorithm are refused before the signature is looked at.
        algorithms: ["HS256"],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ["sub", "exp", "iat"],
        currentDate: now,
      }));
      break;
    } catch (error) {
      if (!(error instanceof errors.JOSEError)) throw error;
    }
  }
  if (!payload) return undefined;
  const { sub, wid, sid, iat, exp, token_use } = payload;
  if (token_use !== use || !sub || typeof wid !== "string" || typeof sid !== "string" || !iat || !exp) {
    return undefined;
  }
  return {
    userId: sub,
    workspaceId: wid,
    sessionId: sid,
    issuedAt: new Date(iat * 1000),
    expiresAt: new Date(exp * 1000),
  };
}

/** A bearer's signature checked once: a token never changes, so only its expiry is judged again, per request. */
const verifiedIdTokens = new WeakMap<
  SigningKeys,
  Map<string, { subject: TokenSubject; expiresAt: number }>
>();
/** A page's burst of reads repeats a few bearers; verifying each (about 90 µs) was a hot read's largest cost. */
const MAX_VERIFIED = 10_000;

/** The subject of a valid, unexpired idToken; undefined for anything else (other algorithms, `none`, tampering). */
export async function verifyIdToken(
  token: string,
  keys: SigningKeys,
  now = new Date(),
): Promise<TokenSubject | undefined> {
  let verified = verifiedIdTokens.get(keys);
  if (!verified) {
    verified = new Map();
    verifiedIdTokens.set(keys, verified);
  }
  const known = verified.get(token);
  if (known) return known.expiresAt > now.getTime() ? known.subject : undefined;
  const checked = await verify("id", token, keys, now);
  if (!checked) return undefined;
  const { userId, workspaceId, sessionId, expiresAt } = checked;
  const subject = { userId, workspaceId, sessionId };
  if (verified.size >= MAX_VERIFIED) verified.clear();
  verified.set(token, { subject, expiresAt: expiresAt.getTime() });
  return subject;
}

/** The subject of a valid accessToken issued within the last 15 minutes (not in the future). */
export async function verifyAccessToken(
  token: string,
  keys: SigningKeys,
  now = new Date(),
): Promise<TokenSubject | undefined> {
  const subject = await verify("access", token, keys, now);
  if (!subject || subject.issuedAt.getTime() > now.getTime() + 60_000) return undefined;
  if (now.getTime() - subject.issuedAt.getTime() > ACCESS_TOKEN_TTL_SECONDS * 1000) return undefined;
  const { userId, workspaceId, sessionId } = subject;
  return { userId, workspaceId, sessionId };
}
