import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The alert e-mail's one-click unsubscribe token: the member's id and a keyed MAC over it (the app's `unsubscribe`
 * key, under its own label so a digest's token is never one of these), base64url. Checkable without a table or a
 * sign-in; it turns off that member's alert e-mail only, and does not expire (a mail client may offer its button
 * long after).
 */
const MAC_BYTES = 16;
const LABEL = "alert-email-unsubscribe:";

const macOf = (key: Uint8Array, id: Buffer) =>
  createHmac("sha256", key).update(LABEL).update(id).digest().subarray(0, MAC_BYTES);

export function alertEmailToken(key: Uint8Array, userId: string): string {
  const id = Buffer.from(userId.replace(/-/g, ""), "hex");
  return Buffer.concat([id, macOf(key, id)]).toString("base64url");
}

/** The member a token names; undefined for anything we did not sign. */
export function readAlertEmailToken(key: Uint8Array, token: string): string | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return undefined;
  const bytes = Buffer.from(token, "base64url");
  if (bytes.length !== 16 + MAC_BYTES) return undefined;
  const id = bytes.subarray(0, 16);
  if (!timingSafeEqual(bytes.subarray(16), macOf(key, id))) return undefined;
  return id.toString("hex").replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, "$1-$2-$3-$4-$5");
}
