import { tmpdir } from "node:os";
import { join } from "node:path";
import { type AppConfig, loadConfig } from "../src/config/env";
import { credentialKey, legacySealKey } from "../src/config/keys";

export const TEST_JWT_SECRET = "test-secret-test-secret-test-secret-0123456789";
/** The credential key tests seal with, given as a production deployment gives it (BRANDSCOPE_ENCRYPTION_KEY). */
export const TEST_ENCRYPTION_KEY = "test-encryption-key-test-encryption-key-0123";
/** What a value sealed by a test app looks like: sealed with the credential key, naming its id. */
export const SEALED_WITH_TEST_KEY = new RegExp(`^v2\\.${credentialKey(TEST_ENCRYPTION_KEY).id}\\.`);

export function testConfig(env: NodeJS.ProcessEnv = {}): AppConfig {
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    JWT_SECRET: TEST_JWT_SECRET,
    BRANDSCOPE_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    PASSWORD_HASHING: "fast-test-only",
    // Uploads of a test never land in the developer's own DATA_DIR.
    DATA_DIR: join(tmpdir(), "brandscope-api-test-data"),
    // No test reaches Google: a connector a test does not point at test/fake-youtube.ts is refused at once.
    YOUTUBE_API_BASE_URL: "http://127.0.0.1:9/youtube/v3",
    // Nor Google's OAuth or Search Console (test/fake-google.ts stands in for them); without a client id the
    // Search Console connector is not available at all.
    GOOGLE_OAUTH_AUTHORIZE_URL: "http://127.0.0.1:9/o/oauth2/v2/auth",
    GOOGLE_OAUTH_TOKEN_URL: "http://127.0.0.1:9/token",
    GOOGLE_OAUTH_REVOKE_URL: "http://127.0.0.1:9/revoke",
    SEARCH_CONSOLE_API_BASE_URL: "http://127.0.0.1:9/webmasters/v3",
    GOOGLE_ADS_API_BASE_URL: "http://127.0.0.1:9",
    // Nor Meta (test/fake-meta.ts stands in for Facebook Login and the Graph API).
    META_OAUTH_DIALOG_URL: "http://127.0.0.1:9",
    META_GRAPH_API_BASE_URL: "http://127.0.0.1:9",
    ...env,
  });
  const keys = [
    ...(config.encryptionKeys ?? [TEST_ENCRYPTION_KEY]).map(credentialKey),
    legacySealKey(TEST_JWT_SECRET),
  ];
  const credentialKeys = { currentId: keys[0]?.id ?? "", keys };
  return { ...config, jwtSecret: TEST_JWT_SECRET, credentialKeys };
}
