import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The digest's unsubscribe token: the member's and the brand's ids with a keyed MAC over both (the app's
 * `unsubscribe` key, config/keys.ts), base64url. Opaque to the reader, checkable without a table or a sign-in,
 * and good only for that member's digest of that brand. It does not expire: an unsubscribe link in a months-old
 * e-mail must still work, as a mail client may offer its button long after.
 */
const MAC_BYTES = 16;

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ""), "hex");
const uuidOf = (bytes: Buffer) =>
  bytes.toString("hex").replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, "$1-$2-$3-$4-$5");
const macOf = (key: Uint8Array, ids: Buffer) =>
  createHmac("sha256", key).update("digest-unsubscribe:").update(ids).digest().subarray(0, MAC_BYTES);

export function unsubscribeToken(key: Uint8Array, p: { userId: string; brandId: string }): string {
  const ids = Buffer.concat([uuidBytes(p.userId), uuidBytes(p.brandId)]);
  return Buffer.concat([ids, macOf(key, ids)]).toString("base64url");
}

/** The member and brand a token names; undefined for anything we did not sign. */
export function readUnsubscribeToken(
  key: Uint8Array,
  token: string,
): { userId: string; brandId: string } | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return undefined;
  const bytes = Buffer.from(token, "base64url");
  if (bytes.length !== 32 + MAC_BYTES) return undefined;
  const ids = bytes.subarray(0, 32);
  if (!timingSafeEqual(bytes.subarray(32), macOf(key, ids))) return undefined;
  return { userId: uuidOf(ids.subarray(0, 16)), brandId: uuidOf(ids.subarray(16)) };
}
