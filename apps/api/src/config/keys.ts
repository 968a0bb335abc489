import { createHmac } from "node:crypto";

/** The keys the app derives from its one secret (JWT_SECRET or the generated one), each for a single use. */
export interface AppKeys {
  /** Signs idTokens and accessTokens. */
  jwt: Uint8Array;
  /** Keys the hashes of one-time codes and e-mail handles. */
  hmac: Uint8Array;
  /** Encrypts what is kept for later but must not be readable at rest (e-mails waiting in the outbox). */
  seal: Uint8Array;
  /** Signs the weekly digest's one-click unsubscribe links (modules/digest/unsubscribe-token.ts). */
  unsubscribe: Uint8Array;
}

export function jwtKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

const derived = (secret: string, use: string) => createHmac("sha256", secret).update(use).digest();

export function appKeys(secret: string): AppKeys {
  return {
    jwt: jwtKey(secret),
    hmac: derived(secret, "brandscope one-time codes"),
    seal: derived(secret, "brandscope sealed data"),
    unsubscribe: derived(secret, "brandscope digest unsubscribe"),
  };
}

/** docs/decisions.md "Accounts and tokens": the idToken is the API credential, a short-lived JWT. */
export const ID_TOKEN_TTL_SECONDS = 15 * 60;
