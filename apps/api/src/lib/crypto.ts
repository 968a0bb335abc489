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

/** A 32-byte AES-256-GCM key and the id sealed values name it by (no dots: the id sits between them). */
export interface SealKey {
  id: string;
  key: Uint8Array;
}

/** The keys a sealed value may be opened with, and the one new values are sealed with. */
export interface SealKeys {
  current(): SealKey;
  find(id: string): SealKey | undefined;
}

/** What `seal` returns: text that names the key it was sealed with. */
export type Sealed = string & { readonly __sealed: unique symbol };

/** The id given to values sealed before sealed values named their key (`v1.<iv>.<tag>.<ciphertext>`). */
export const LEGACY_SEAL_KEY_ID = "legacy";

export class UnknownSealKeyError extends Error {
  override name = "UnknownSealKeyError";
  constructor(readonly keyId: string) {
    super(`Sealed with key ${keyId}, which this server does not hold`);
  }
}

/**
 * Encrypts and authenticates text (AES-256-GCM) under the current key: `v2.<key id>.<iv>.<tag>.<ciphertext>`,
 * base64url. The key id is authenticated too, so a value cannot be made to claim another key.
 */
export function seal(keys: SealKeys, text: string): Sealed {
  const { id, key } = keys.current();
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(id));
  const data = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return ["v2", id, ...[iv, cipher.getAuthTag(), data].map((b) => b.toString("base64url"))].join(
    ".",
  ) as Sealed;
}

/** The id of the key a sealed value was sealed with; undefined when the text is no sealed value. */
export function sealedKeyId(sealed: string): string | undefined {
  const parts = sealed.split(".");
  if (parts[0] === "v1" && parts.length === 4) return LEGACY_SEAL_KEY_ID;
  if (parts[0] === "v2" && parts.length === 5) return parts[1];
  return undefined;
}

/**
 * The text of `seal`, or of a value sealed before key ids (`v1`, under the legacy key). Throws UnknownSealKeyError
 * when no key held has the value's id, and an error when the key differs or the sealed text was changed.
 */
export function unseal(keys: SealKeys, sealed: string): string {
  const parts = sealed.split(".");
  const id = sealedKeyId(sealed);
  if (id === undefined) throw new Error("Not a sealed value");
  const key = keys.find(id);
  if (!key) throw new UnknownSealKeyError(id);
  const [iv, tag, data] = parts.slice(parts[0] === "v1" ? 1 : 2) as [string, string, string];
  const decipher = createDecipheriv("aes-256-gcm", key.key, Buffer.from(iv, "base64url"));
  if (parts[0] === "v2") decipher.setAAD(Buffer.from(id));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}
