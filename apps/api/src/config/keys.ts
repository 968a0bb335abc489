import { createHmac } from "node:crypto";
import { LEGACY_SEAL_KEY_ID, type SealKey, type SealKeys, UnknownSealKeyError, unseal } from "../lib/crypto";

/**
 * The app's keys, apart by purpose: the signing keys (BRANDSCOPE_SIGNING_KEY, else the app secret: JWT_SECRET or the
 * generated one) sign bearers; the app secret keys the hashes of codes and the digest's links; the credential keys
 * (BRANDSCOPE_ENCRYPTION_KEY, or those kept in the database on a try-out) encrypt what is kept for later but must
 * not be readable at rest.
 */
export interface AppKeys {
  /** Sign idTokens and accessTokens: the current one signs, each checks the tokens that name it. */
  jwt: SigningKeys;
  /** Keys the hashes of one-time codes and e-mail handles. */
  hmac: Uint8Array;
  /** Seals connectors' credentials, OpenID client secrets and e-mails waiting in the outbox (lib/crypto.ts seal). */
  seal: Keyring;
  /** Signs the weekly digest's one-click unsubscribe links (modules/digest/unsubscribe-token.ts). */
  unsubscribe: Uint8Array;
}

/** The credential keys a server holds: the current one seals, every one opens what it sealed. */
export interface KeyMaterial {
  currentId: string;
  keys: SealKey[];
}

const derived = (secret: string, use: string) => createHmac("sha256", secret).update(use).digest();

/** A key that signs bearers (HS256), named in each token's header by its id (`kid`). */
export interface SigningKey {
  id: string;
  key: Uint8Array;
}

/**
 * The signing key of a secret: the secret's own bytes, as before tokens named their key, so a token signed before
 * still checks; the id is derived from the secret, so every instance given it names it alike.
 */
export function jwtKey(secret: string): SigningKey {
  return {
    id: derived(secret, "brandscope signing key id").toString("hex").slice(0, 16),
    key: new TextEncoder().encode(secret),
  };
}

/**
 * The signing keys a server holds, newest first: the first signs; every one checks the tokens that name it, so a
 * key replaced by a newer one keeps its tokens valid until they expire (at most 15 minutes), then can be removed.
 */
export interface SigningKeys {
  current: SigningKey;
  keys: readonly SigningKey[];
}

export function signingKeys(secrets: readonly string[]): SigningKeys {
  const keys = secrets.map(jwtKey);
  const [current] = keys;
  if (!current) throw new Error("No signing key");
  return { current, keys };
}

/**
 * A credential key from its secret: any high-entropy text (`openssl rand -base64 32`). The id is derived from the
 * secret too, so every instance given the same secret names it alike and no id has to be configured.
 */
export function credentialKey(secret: string): SealKey {
  return {
    id: derived(secret, "brandscope credential key id").toString("hex").slice(0, 16),
    key: derived(secret, "brandscope credential encryption"),
  };
}

/**
 * The key every value was sealed with before credential keys were apart from the signing secret: derived from that
 * secret, kept readable so an upgraded install keeps its connected accounts until `npm run keys:rotate`.
 */
export function legacySealKey(signingSecret: string): SealKey {
  return { id: LEGACY_SEAL_KEY_ID, key: derived(signingSecret, "brandscope sealed data") };
}

/**
 * The credential keys of a running server. `reload` (the database's keys again) runs when a value names a key
 * this server does not hold yet: one a rotation added after it started, which is then also the one it seals with.
 */
export class Keyring implements SealKeys {
  #material: KeyMaterial;
  #reloading: Promise<void> | undefined;

  constructor(
    material: KeyMaterial,
    private readonly reload?: () => Promise<KeyMaterial>,
  ) {
    if (!material.keys.some((k) => k.id === material.currentId)) {
      throw new Error(`The current credential key ${material.currentId} is not among the keys`);
    }
    this.#material = material;
  }

  current(): SealKey {
    const current = this.find(this.#material.currentId);
    if (!current) throw new Error("No current credential key");
    return current;
  }

  find(id: string): SealKey | undefined {
    return this.#material.keys.find((k) => k.id === id);
  }

  ids(): string[] {
    return this.#material.keys.map((k) => k.id);
  }

  /** `unseal`, learning the keys added since the start when the value names one of them. */
  async open(sealed: string): Promise<string> {
    try {
      return unseal(this, sealed);
    } catch (error) {
      if (!(error instanceof UnknownSealKeyError) || !this.reload) throw error;
      this.#reloading ??= this.reload().then(
        (material) => {
          this.#material = material;
          this.#reloading = undefined;
        },
        (failure: unknown) => {
          this.#reloading = undefined;
          throw failure;
        },
      );
      await this.#reloading;
      return unseal(this, sealed);
    }
  }
}

export function appKeys(
  config: { jwtSecret: string; signingKeys?: string[] | undefined; credentialKeys: KeyMaterial },
  reload?: () => Promise<KeyMaterial>,
): AppKeys {
  const secret = config.jwtSecret;
  return {
    jwt: signingKeys(config.signingKeys ?? [secret]),
    hmac: derived(secret, "brandscope one-time codes"),
    seal: new Keyring(config.credentialKeys, reload),
    unsubscribe: derived(secret, "brandscope digest unsubscribe"),
  };
}

/** docs/decisions.md "Accounts and tokens": the idToken is the API credential, a short-lived JWT. */
export const ID_TOKEN_TTL_SECONDS = 15 * 60;
