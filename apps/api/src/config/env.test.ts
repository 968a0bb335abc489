import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig, repoRoot } from "./env";

const KEY = "a-credential-key-a-credential-key-0123456";
const SECRET = "an-app-secret-an-app-secret-an-app-secret-01";
/** A production deployment's settings but its credential key. */
const productionRest = {
  APP_URL: "https://app.example.com",
  JWT_SECRET: SECRET,
  ALLOW_MAIL_TO_LOG: "true",
  ALLOW_BILLING_SANDBOX: "true",
};

describe("loadConfig", () => {
  it("defaults to the README's configuration table, with DATA_DIR under the repository root", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: "development",
      port: 8080,
      dataDir: join(repoRoot, ".data"),
      databaseUrl: undefined,
      appUrl: "http://localhost:8080",
      mailFrom: "Brandscope <no-reply@localhost>",
      stripe: undefined,
      oidc: {},
      storage: undefined,
      otel: undefined,
      logLevel: "info",
      trustProxy: false,
      webDistDir: join(repoRoot, "apps/web/dist"),
    });
  });

  it("reads every group when complete, and treats empty values as unset", () => {
    const config = loadConfig({
      PORT: "3000",
      DATA_DIR: "/var/lib/brandscope",
      APP_URL: "https://app.example.com/",
      DATABASE_URL: "postgresql://u:p@db:5432/brandscope",
      SMTP_URL: "",
      OIDC_GOOGLE_ISSUER: "https://accounts.google.com",
      OIDC_GOOGLE_CLIENT_ID: "id",
      OIDC_GOOGLE_CLIENT_SECRET: "secret",
      OTEL_EXPORTER_OTLP_ENDPOINT: "https://otel.example.com/",
      OTEL_EXPORTER_OTLP_HEADERS: "x-token=a%3Db,team=growth",
      OTEL_BROWSER_TOKEN: "public-ingest-1",
      TRUST_PROXY: "10.0.0.0/8, loopback",
    });
    expect(config).toMatchObject({
      port: 3000,
      dataDir: "/var/lib/brandscope",
      appUrl: "https://app.example.com",
      smtpUrl: undefined,
      oidc: { google: { issuer: "https://accounts.google.com", clientId: "id", clientSecret: "secret" } },
      otel: {
        endpoint: "https://otel.example.com",
        headers: { "x-token": "a=b", team: "growth" },
        browserToken: "public-ingest-1",
      },
      trustProxy: ["10.0.0.0/8", "loopback"],
    });
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
  });

  it("runs both parts by default, and a web instance or a worker apart only on a PostgreSQL they share", () => {
    expect(loadConfig({}).processKind).toBe("all");
    const databaseUrl = "postgresql://u:p@db:5432/brandscope";
    expect(loadConfig({ PROCESS_KIND: "web", DATABASE_URL: databaseUrl }).processKind).toBe("web");
    expect(loadConfig({ PROCESS_KIND: "worker", DATABASE_URL: databaseUrl }).processKind).toBe("worker");
    expect(() => loadConfig({ PROCESS_KIND: "worker" })).toThrow(
      /^Invalid configuration: PROCESS_KIND is worker, which needs DATABASE_URL: /,
    );
    expect(() => loadConfig({ PROCESS_KIND: "web" })).toThrow(
      "PROCESS_KIND is web, which needs DATABASE_URL",
    );
    expect(() => loadConfig({ PROCESS_KIND: "jobs", DATABASE_URL: databaseUrl })).toThrow(
      "Invalid configuration: PROCESS_KIND must be all, web or worker",
    );
  });

  it("takes a read replica only beside a PostgreSQL of the operator's own", () => {
    const databaseUrl = "postgresql://u:p@db:5432/brandscope";
    const replicaUrl = "postgresql://u:p@db-replica:5432/brandscope";
    expect(loadConfig({ DATABASE_URL: databaseUrl }).databaseReplicaUrl).toBeUndefined();
    expect(
      loadConfig({ DATABASE_URL: databaseUrl, DATABASE_REPLICA_URL: replicaUrl }).databaseReplicaUrl,
    ).toBe(replicaUrl);
    expect(() => loadConfig({ DATABASE_REPLICA_URL: replicaUrl })).toThrow(
      /^Invalid configuration: DATABASE_REPLICA_URL is set without DATABASE_URL: /,
    );
    expect(() => loadConfig({ DATABASE_URL: databaseUrl, DATABASE_REPLICA_URL: "mysql://x" })).toThrow(
      "Invalid configuration: DATABASE_REPLICA_URL must be a postgres:// or postgresql:// URL",
    );
  });

  it("stops with one line naming each bad variable", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(
      /^Invalid configuration: PORT must be a port number \(1-65535\)$/,
    );
    expect(() => loadConfig({ DATABASE_URL: "mysql://x", LOG_LEVEL: "loud", NODE_ENV: "prod" })).toThrow(
      "Invalid configuration: NODE_ENV must be development, production or test; " +
        "DATABASE_URL must be a postgres:// or postgresql:// URL; " +
        "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent",
    );
    expect(() => loadConfig({ JWT_SECRET: "short" })).toThrow("JWT_SECRET must be at least 32 characters");
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_test_1" })).toThrow(
      "STRIPE_PUBLISHABLE_KEY is required when STRIPE_SECRET_KEY is set",
    );
    expect(() => loadConfig({ OIDC_GOOGLE_CLIENT_ID: "id" })).toThrow(
      "OIDC_GOOGLE_ISSUER is required when OIDC_GOOGLE_CLIENT_ID is set",
    );
    expect(() => loadConfig({ TRUST_PROXY: "everyone" })).toThrow("TRUST_PROXY must be");
    // The Google Ads API's version is the code's: an address pinned to one (a sunset v18) is refused.
    expect(() => loadConfig({ GOOGLE_ADS_API_BASE_URL: "https://googleads.googleapis.com/v18" })).toThrow(
      "GOOGLE_ADS_API_BASE_URL must be the address without the API version (https://googleads.googleapis.com)",
    );
    expect(() => loadConfig({ META_GRAPH_API_BASE_URL: "https://graph.facebook.com/v21.0" })).toThrow(
      "META_GRAPH_API_BASE_URL must be the address without the API version (https://graph.facebook.com)",
    );
    // Facebook Login for Business's configuration ID is the App Dashboard's number.
    expect(() => loadConfig({ META_LOGIN_CONFIG_ID: "config-1" })).toThrow("META_LOGIN_CONFIG_ID must be");
    expect(() => loadConfig({ OTEL_BROWSER_TOKEN: "t" })).toThrow(
      "OTEL_BROWSER_TOKEN needs OTEL_EXPORTER_OTLP_ENDPOINT",
    );
    expect(() =>
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "https://otel.example.com", OTEL_BROWSER_TOKEN: "a b" }),
    ).toThrow("OTEL_BROWSER_TOKEN must be up to 512 printable characters without spaces");
  });

  it("shortens the idToken's lifetime when asked, but never lengthens it past 15 minutes", () => {
    expect(loadConfig({}).idTokenTtlSeconds).toBe(900);
    expect(loadConfig({ ID_TOKEN_LIFETIME_SECONDS: "5" }).idTokenTtlSeconds).toBe(5);
    for (const value of ["0", "901", "3600", "5s", "-1"]) {
      expect(() => loadConfig({ ID_TOKEN_LIFETIME_SECONDS: value })).toThrow(
        "ID_TOKEN_LIFETIME_SECONDS must be a number of seconds (1-900)",
      );
    }
  });

  it("allows cheap password hashing only under NODE_ENV=test", () => {
    expect(loadConfig({}).passwordHashing).toBe("owasp");
    expect(loadConfig({ NODE_ENV: "test", PASSWORD_HASHING: "fast-test-only" }).passwordHashing).toBe(
      "fast-test-only",
    );
    for (const NODE_ENV of ["production", "development"]) {
      expect(() => loadConfig({ NODE_ENV, PASSWORD_HASHING: "fast-test-only" })).toThrow(
        "PASSWORD_HASHING fast-test-only needs NODE_ENV=test",
      );
    }
  });

  it("sets the server's clock by the test-only TEST_CLOCK_START, which a production deployment refuses", () => {
    expect(loadConfig({}).testClockStart).toBeUndefined();
    expect(
      loadConfig({ NODE_ENV: "production", TEST_CLOCK_START: "2026-11-30T08:10:00Z" }).testClockStart,
    ).toEqual(new Date("2026-11-30T08:10:00.000Z"));
    expect(() => loadConfig({ TEST_CLOCK_START: "Monday at 8" })).toThrow(
      "TEST_CLOCK_START must be an ISO 8601 instant such as 2026-11-30T08:10:00Z",
    );
    expect(() =>
      loadConfig({
        DEPLOYMENT: "production",
        ALLOW_MAIL_TO_LOG: "true",
        ALLOW_BILLING_SANDBOX: "true",
        ALLOW_HTTP_APP_URL: "true",
        ALLOW_ENCRYPTION_KEY_IN_DATABASE: "true",
        TEST_CLOCK_START: "2026-11-30T08:10:00Z",
      }),
    ).toThrow("TEST_CLOCK_START is for tests only and is refused with DEPLOYMENT=production");
  });

  describe("a declared production deployment (DEPLOYMENT=production)", () => {
    const complete = {
      DEPLOYMENT: "production",
      NODE_ENV: "production",
      APP_URL: "https://app.example.com",
      SMTP_URL: "smtps://user:pass@smtp.example.com:465",
      STRIPE_SECRET_KEY: "sk_live_1",
      STRIPE_PUBLISHABLE_KEY: "pk_live_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
      STRIPE_PRICE_PROFESSIONAL: "price_pro",
      STRIPE_PRICE_ENTERPRISE: "price_ent",
      TRUST_PROXY: "1",
      BRANDSCOPE_ENCRYPTION_KEY: KEY,
      JWT_SECRET: SECRET,
    };

    it("starts with real mail, real billing, a bounded proxy trust and an https address", () => {
      expect(loadConfig(complete)).toMatchObject({ appUrl: "https://app.example.com", trustProxy: 1 });
      expect(loadConfig({ ...complete, TRUST_PROXY: "10.0.0.0/8" }).trustProxy).toEqual(["10.0.0.0/8"]);
    });

    it("refuses each try-out default, naming the setting and the variable that would allow it", () => {
      const refusals: [Record<string, string>, string][] = [
        [
          { SMTP_URL: "" },
          "SMTP_URL is required with DEPLOYMENT=production: without it sign-up codes and password-reset links are written to the log (ALLOW_MAIL_TO_LOG=true accepts that)",
        ],
        [
          {
            STRIPE_SECRET_KEY: "",
            STRIPE_PUBLISHABLE_KEY: "",
            STRIPE_WEBHOOK_SECRET: "",
            STRIPE_PRICE_PROFESSIONAL: "",
            STRIPE_PRICE_ENTERPRISE: "",
          },
          "STRIPE_SECRET_KEY and the other STRIPE_ variables are required with DEPLOYMENT=production: without them the billing sandbox gives paid plans for free (ALLOW_BILLING_SANDBOX=true accepts that)",
        ],
        [
          { TRUST_PROXY: "true" },
          "TRUST_PROXY must not be true with DEPLOYMENT=production: any client could then choose the address rate limits count; give the number of proxy hops or the proxies' addresses (ALLOW_TRUST_ANY_PROXY=true accepts true)",
        ],
        [
          { APP_URL: "http://app.example.com" },
          "APP_URL must be the app's https:// address with DEPLOYMENT=production: links, cookies and identity-provider callbacks would travel in clear (ALLOW_HTTP_APP_URL=true accepts http)",
        ],
        [{ APP_URL: "" }, "APP_URL must be the app's https:// address with DEPLOYMENT=production"],
        [
          { BRANDSCOPE_ENCRYPTION_KEY: "" },
          "BRANDSCOPE_ENCRYPTION_KEY (or BRANDSCOPE_ENCRYPTION_KEY_FILE) is required with DEPLOYMENT=production: without it the key that encrypts connected accounts' credentials is kept in the database, and a copy of the database opens them (ALLOW_ENCRYPTION_KEY_IN_DATABASE=true accepts that)",
        ],
        [
          { JWT_SECRET: "" },
          "JWT_SECRET (or JWT_SECRET_FILE) is required with DEPLOYMENT=production: without it the secret that signs bearers (unless BRANDSCOPE_SIGNING_KEY is given) and keys the hashes of one-time codes is kept in the database, and a copy of the database can sign in as anyone (ALLOW_SIGNING_SECRET_IN_DATABASE=true accepts that)",
        ],
        // Signing keys of its own do not lift it: the app secret still keys the one-time codes' hashes.
        [
          { JWT_SECRET: "", BRANDSCOPE_SIGNING_KEY: SECRET },
          "JWT_SECRET (or JWT_SECRET_FILE) is required with DEPLOYMENT=production",
        ],
      ];
      for (const [change, message] of refusals) {
        expect(() => loadConfig({ ...complete, ...change }), JSON.stringify(change)).toThrow(message);
      }
    });

    it("lets each refusal be overridden by its own named variable only", () => {
      const tryOut = { DEPLOYMENT: "production", APP_URL: "http://localhost:8080", TRUST_PROXY: "true" };
      expect(() => loadConfig(tryOut)).toThrow(
        /SMTP_URL .*STRIPE_SECRET_KEY .*TRUST_PROXY .*BRANDSCOPE_ENCRYPTION_KEY .*JWT_SECRET .*APP_URL /,
      );
      const allowed = loadConfig({
        ...tryOut,
        ALLOW_MAIL_TO_LOG: "true",
        ALLOW_BILLING_SANDBOX: "true",
        ALLOW_TRUST_ANY_PROXY: "true",
        ALLOW_HTTP_APP_URL: "true",
        ALLOW_ENCRYPTION_KEY_IN_DATABASE: "true",
        ALLOW_SIGNING_SECRET_IN_DATABASE: "true",
      });
      expect(allowed).toMatchObject({
        smtpUrl: undefined,
        stripe: undefined,
        trustProxy: true,
        encryptionKeys: undefined,
        jwtSecret: undefined,
      });
      expect(() => loadConfig({ ...tryOut, ALLOW_MAIL_TO_LOG: "true" })).not.toThrow(/SMTP_URL/);
      expect(() => loadConfig({ ...tryOut, ALLOW_SIGNING_SECRET_IN_DATABASE: "true" })).not.toThrow(
        /JWT_SECRET/,
      );
      expect(() => loadConfig({ ...tryOut, ALLOW_ENCRYPTION_KEY_IN_DATABASE: "true" })).toThrow(/JWT_SECRET/);
      expect(() => loadConfig({ ...tryOut, ALLOW_MAIL_TO_LOG: "yes" })).toThrow(
        "ALLOW_MAIL_TO_LOG must be true or false",
      );
      expect(() => loadConfig({ DEPLOYMENT: "prod" })).toThrow(
        "DEPLOYMENT must be production, or unset for a try-out",
      );
    });

    it("leaves `npm start` without DEPLOYMENT on its embedded defaults, even under NODE_ENV=production", () => {
      expect(loadConfig({ NODE_ENV: "production", TRUST_PROXY: "true" })).toMatchObject({
        appUrl: "http://localhost:8080",
        smtpUrl: undefined,
        stripe: undefined,
        trustProxy: true,
        encryptionKeys: undefined,
      });
    });
  });

  describe("the credential-encryption key (BRANDSCOPE_ENCRYPTION_KEY)", () => {
    it("takes the keys newest first, from the variable or from a mounted file", async () => {
      const previous = "previous-key-previous-key-previous-key-01";
      expect(loadConfig({ BRANDSCOPE_ENCRYPTION_KEY: `${KEY}, ${previous}` }).encryptionKeys).toEqual([
        KEY,
        previous,
      ]);
      const folder = await mkdtemp(join(tmpdir(), "brandscope-key-"));
      try {
        const file = join(folder, "encryption-key");
        await writeFile(file, `${KEY}\n${previous}\n`);
        const config = loadConfig({
          DEPLOYMENT: "production",
          ...productionRest,
          BRANDSCOPE_ENCRYPTION_KEY_FILE: file,
        });
        expect(config.encryptionKeys).toEqual([KEY, previous]);
        expect(() => loadConfig({ BRANDSCOPE_ENCRYPTION_KEY_FILE: join(folder, "missing") })).toThrow(
          "Invalid configuration: BRANDSCOPE_ENCRYPTION_KEY_FILE cannot be read (ENOENT)",
        );
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    });

    it("refuses a short key and a key given both ways", () => {
      expect(() => loadConfig({ BRANDSCOPE_ENCRYPTION_KEY: "short" })).toThrow(
        "BRANDSCOPE_ENCRYPTION_KEY must hold keys of at least 32 characters each",
      );
      expect(() =>
        loadConfig({ BRANDSCOPE_ENCRYPTION_KEY: KEY, BRANDSCOPE_ENCRYPTION_KEY_FILE: "/run/secrets/key" }),
      ).toThrow("BRANDSCOPE_ENCRYPTION_KEY_FILE and BRANDSCOPE_ENCRYPTION_KEY are both set");
    });
  });

  describe("the signing keys (BRANDSCOPE_SIGNING_KEY) and the app secret (JWT_SECRET)", () => {
    const previous = "previous-signing-key-previous-signing-key-1";

    it("takes the signing keys newest first, from the variable or from a mounted file", async () => {
      expect(loadConfig({}).signingKeys).toBeUndefined();
      expect(loadConfig({ BRANDSCOPE_SIGNING_KEY: `${KEY},\n${previous}` }).signingKeys).toEqual([
        KEY,
        previous,
      ]);
      const folder = await mkdtemp(join(tmpdir(), "brandscope-signing-"));
      try {
        const keys = join(folder, "signing-key");
        await writeFile(keys, `${KEY}\n${previous}\n`);
        expect(loadConfig({ BRANDSCOPE_SIGNING_KEY_FILE: keys }).signingKeys).toEqual([KEY, previous]);
        const secret = join(folder, "jwt-secret");
        await writeFile(secret, `${SECRET}\n`);
        const config = loadConfig({
          DEPLOYMENT: "production",
          ...productionRest,
          JWT_SECRET: "",
          JWT_SECRET_FILE: secret,
          BRANDSCOPE_ENCRYPTION_KEY: KEY,
        });
        expect(config.jwtSecret).toBe(SECRET);
        expect(() => loadConfig({ JWT_SECRET_FILE: join(folder, "missing") })).toThrow(
          "Invalid configuration: JWT_SECRET_FILE cannot be read (ENOENT)",
        );
        await writeFile(secret, "short\n");
        expect(() => loadConfig({ JWT_SECRET_FILE: secret })).toThrow(
          "Invalid configuration: JWT_SECRET_FILE must be at least 32 characters",
        );
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    });

    it("refuses a short signing key and a key or secret given both ways", () => {
      expect(() => loadConfig({ BRANDSCOPE_SIGNING_KEY: `${KEY},short` })).toThrow(
        "BRANDSCOPE_SIGNING_KEY must hold keys of at least 32 characters each",
      );
      expect(() =>
        loadConfig({ BRANDSCOPE_SIGNING_KEY: KEY, BRANDSCOPE_SIGNING_KEY_FILE: "/run/secrets/signing" }),
      ).toThrow("BRANDSCOPE_SIGNING_KEY_FILE and BRANDSCOPE_SIGNING_KEY are both set");
      expect(() => loadConfig({ JWT_SECRET: SECRET, JWT_SECRET_FILE: "/run/secrets/jwt" })).toThrow(
        "JWT_SECRET_FILE and JWT_SECRET are both set: give the secret one way",
      );
    });
  });
});
