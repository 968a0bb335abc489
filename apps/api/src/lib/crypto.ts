import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from "node:crypto";

/** A random secret for a URL or a body: 32 bytes, base64url. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** A uniformly random code of `digits` decimal digits, leading zeros kept. */
export function randomDigits(digits: number): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, "0");
}

/** SHA-256 hex: enough for high-entropy secrets (refresh and reset tokens, OIDC state). */
export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/** HMAC-SHA-256 hex under a server key: for low-entropy values (6-digit codes, e-mail addresses in logs). */
export function hmac(key: Uint8Array, value: string): string {
  return createHmac("sha256", key).update(value).digest("hex");
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const SEAL_VERSION = "v1";

/** Encrypts and authenticates text under a 32-byte key (AES-256-GCM): `v1.<iv>.<tag>.<ciphertext>`, base64url. */
export function seal(key: Uint8Array, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const data = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return [SEAL_VERSION, ...[iv, cipher.getAuthTag(), data].map((b) => b.toString("base64url"))].join(".");
}

/** The text of `seal`; throws when the key differs or the sealed text was changed. */
export function unseal(key: Uint8Array, sealed: string): string {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== SEAL_VERSION || !iv || !tag || data === undefined) throw new Error("Not a sealed value");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}
