import { createHash } from "node:crypto";
import { AwsClient } from "aws4fetch";
import type { Config } from "../config/env";
import type { Db } from "../db/client";
import { deleteStoredFile, findStoredFile, type StoredFile, upsertStoredFile } from "../db/stored-files.repo";

/** Where uploaded files (profile pictures) live; keys look like `avatars/<user>-<random>.webp`. */
export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Removes the object; a missing one is fine. */
  delete(key: string): Promise<void>;
  /** What the browser loads: `/media/<key>` served by the app, or a URL under CDN_BASE_URL or the bucket. */
  urlOf(key: string): string;
  /** A file for the app to serve at /media; undefined when browsers load files from the bucket instead. */
  read: ((key: string) => Promise<StoredFile | undefined>) | undefined;
  /** An origin other than the app's that pictures load from (for the Content-Security-Policy). */
  externalOrigin: string | undefined;
}

export const MEDIA_PREFIX = "/media";
const KEY = /^[a-z0-9-]+(\/[A-Za-z0-9._-]+)+$/;

export const isStorageKey = (key: string) => KEY.test(key) && !key.includes("..");

function checkKey(key: string): string {
  if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${key}`);
  return key;
}

/**
 * A key named after the content (`<folder>/<owner>-<sha-256 prefix>.<extension>`): new bytes get a new key, and
 * so a new URL, which is what lets every stored file be cached as immutable. The owner keeps two owners' equal
 * files apart, so removing one never removes the other's.
 */
export function contentKey(folder: string, owner: string, body: Buffer, extension: string): string {
  const hash = createHash("sha256").update(body).digest("hex").slice(0, 20);
  return checkKey(`${folder}/${owner}-${hash}.${extension}`);
}

const joinUrl = (base: string, key: string) => `${base.replace(/\/+$/, "")}/${key}`;

/** Files in PostgreSQL (stored_files), served by the app at /media: the default, shared by every instance. */
export function databaseStorage(db: Db, cdnBaseUrl?: string): FileStorage {
  return {
    put: async (key, body, contentType) => upsertStoredFile(db, { key: checkKey(key), body, contentType }),
    delete: async (key) => deleteStoredFile(db, checkKey(key)),
    urlOf: (key) => (cdnBaseUrl ? joinUrl(cdnBaseUrl, checkKey(key)) : `${MEDIA_PREFIX}/${checkKey(key)}`),
    read: (key) => (isStorageKey(key) ? findStoredFile(db, key) : Promise.resolve(undefined)),
    externalOrigin: cdnBaseUrl ? new URL(cdnBaseUrl).origin : undefined,
  };
}

type S3Config = NonNullable<Config["storage"]>;

/** An S3-compatible bucket (AWS, R2, MinIO…), addressed path-style and signed with SigV4. */
export function s3Storage(s3: S3Config, cdnBaseUrl?: string): FileStorage {
  const endpoint = (s3.endpoint ?? `https://s3.${s3.region}.amazonaws.com`).replace(/\/+$/, "");
  const bucketUrl = `${endpoint}/${encodeURIComponent(s3.bucket)}`;
  const client = new AwsClient({
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    service: "s3",
    region: s3.region,
    retries: 2,
  });
  const call = async (method: "PUT" | "DELETE", key: string, init: RequestInit = {}) => {
    const response = await client.fetch(joinUrl(bucketUrl, checkKey(key)), { ...init, method });
    if (!response.ok && !(method === "DELETE" && response.status === 404)) {
      throw new Error(`Storage ${method} ${key} failed: ${response.status} ${await response.text()}`);
    }
  };
  const publicBase = cdnBaseUrl ?? bucketUrl;
  return {
    put: (key, body, contentType) =>
      call("PUT", key, {
        body: new Uint8Array(body),
        headers: {
          "content-type": contentType,
          "cache-control": "public, max-age=31536000, immutable",
          // The body's hash is signed too, so the store can reject a body changed on the way.
          "x-amz-content-sha256": createHash("sha256").update(body).digest("hex"),
        },
      }),
    delete: (key) => call("DELETE", key),
    urlOf: (key) => joinUrl(publicBase, checkKey(key)),
    read: undefined,
    externalOrigin: new URL(publicBase).origin,
  };
}

/** S3-compatible storage when STORAGE_* is set, PostgreSQL otherwise. */
export function createStorage(config: Pick<Config, "storage" | "cdnBaseUrl">, db: Db): FileStorage {
  return config.storage
    ? s3Storage(config.storage, config.cdnBaseUrl)
    : databaseStorage(db, config.cdnBaseUrl);
}
