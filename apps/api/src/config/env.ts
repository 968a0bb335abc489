import { createPrivateKey } from "node:crypto";
import { readFileSync } from "node:fs";
import { isIP } from "node:net";
import { resolve } from "node:path";
import { z } from "zod";
import { ID_TOKEN_TTL_SECONDS, type KeyMaterial } from "./keys";

/** The api package folder; relative paths in the config are resolved against the repository root above it. */
export const apiPackageDir = resolve(import.meta.dirname, "../..");
export const repoRoot = resolve(apiPackageDir, "../..");

export class ConfigError extends Error {
  override name = "ConfigError";
}

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" });
const secret = z.string().min(1);
/** A platform's address whose API version is the code's: one ending in a version (…/v18, …/v21.0) is refused. */
const unversioned = (address: string) =>
  httpUrl
    .refine((url) => !/\/v\d+(?:[._]\d+)?\/*$/.test(url), {
      message: `must be the address without the API version (${address})`,
    })
    .default(address);
const oidcProviders = ["google", "facebook", "apple"] as const;
export type OidcProviderId = (typeof oidcProviders)[number];

const allowFlag = z.enum(["true", "false"], { error: "must be true or false" }).optional();

// Every variable the app reads. Empty values count as unset (`FOO=` in a compose file or .env).
const envSchema = z.object({
  NODE_ENV: z
    .enum(["development", "production", "test"], { error: "must be development, production or test" })
    .default("development"),
  PORT: z
    .string()
    .regex(/^\d{1,5}$/, "must be a port number (1-65535)")
    .transform(Number)
    .refine((port) => port >= 1 && port <= 65535, "must be a port number (1-65535)")
    .default(8080),
  DATA_DIR: z.string().default(".data"),
  /**
   * `production`: a deployment people rely on, which refuses to start on the try-out defaults (checkProduction);
   * unset, `npm start` on one machine keeps them.
   */
  DEPLOYMENT: z.enum(["production"], { error: "must be production, or unset for a try-out" }).optional(),
  /** The named exceptions to a production deployment's refusals, one each (docs/operations.md). */
  ALLOW_MAIL_TO_LOG: allowFlag,
  ALLOW_BILLING_SANDBOX: allowFlag,
  ALLOW_TRUST_ANY_PROXY: allowFlag,
  ALLOW_HTTP_APP_URL: allowFlag,
  ALLOW_ENCRYPTION_KEY_IN_DATABASE: allowFlag,
  ALLOW_SIGNING_SECRET_IN_DATABASE: allowFlag,
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" })
    .optional(),
  /**
   * A streaming replica of DATABASE_URL's PostgreSQL (docs/operations.md "A read replica"): the module reads of web
   * instances go to it once it has replayed what they must see, never writes, sign-in checks or jobs.
   */
  DATABASE_REPLICA_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" })
    .optional(),
  /**
   * What this process runs (docs/operations.md "Topology"): `all`, one machine's `npm start`, serves HTTP and runs
   * the jobs; `web` serves HTTP and queues jobs but runs none; `worker` (`npm run worker`) runs the jobs and their
   * schedules and answers only its health check. `web` and `worker` need DATABASE_URL (checked below).
   */
  PROCESS_KIND: z.enum(["all", "web", "worker"], { error: "must be all, web or worker" }).default("all"),
  APP_URL: httpUrl.optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  MAIL_FROM: z
    .string()
    .regex(/^([^<>]+<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/, 'must be an address like "Name <a@b.c>"')
    .default("Brandscope <no-reply@localhost>"),
  /**
   * The app secret: keys the hashes of one-time codes and the e-mailed unsubscribe links, and signs bearers unless
   * BRANDSCOPE_SIGNING_KEY is given; or the path of a file holding it (a mounted secret). Unset: kept in the database.
   */
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  JWT_SECRET_FILE: z.string().optional(),
  /**
   * The keys that sign bearers, newest first (the first signs, the others still check the tokens they signed until
   * those expire); or the path of a file holding them. Unset: the app secret signs them.
   */
  BRANDSCOPE_SIGNING_KEY: z.string().optional(),
  BRANDSCOPE_SIGNING_KEY_FILE: z.string().optional(),
  /**
   * The credential-encryption keys, newest first (the first seals, the others still open what they sealed), apart
   * from the database; or the path of a file holding them (a mounted secret). Unset: kept in the database.
   */
  BRANDSCOPE_ENCRYPTION_KEY: z.string().optional(),
  BRANDSCOPE_ENCRYPTION_KEY_FILE: z.string().optional(),
  SALES_EMAIL: z.email({ error: "must be an e-mail address" }).default("sales@localhost"),
  SALES_CONTACT_URL: httpUrl.optional(),
  STRIPE_SECRET_KEY: secret.optional(),
  STRIPE_PUBLISHABLE_KEY: secret.optional(),
  STRIPE_WEBHOOK_SECRET: secret.optional(),
  STRIPE_PRICE_PROFESSIONAL: secret.optional(),
  STRIPE_PRICE_ENTERPRISE: secret.optional(),
  OIDC_GOOGLE_ISSUER: httpUrl.optional(),
  OIDC_GOOGLE_CLIENT_ID: secret.optional(),
  OIDC_GOOGLE_CLIENT_SECRET: secret.optional(),
  OIDC_FACEBOOK_ISSUER: httpUrl.optional(),
  OIDC_FACEBOOK_CLIENT_ID: secret.optional(),
  OIDC_FACEBOOK_CLIENT_SECRET: secret.optional(),
  OIDC_APPLE_ISSUER: httpUrl.optional(),
  OIDC_APPLE_CLIENT_ID: secret.optional(),
  OIDC_APPLE_CLIENT_SECRET: secret.optional(),
  // Apple's client secret is a JWT signed with the developer's key (oidc.ts): the key instead of a secret.
  OIDC_APPLE_PRIVATE_KEY: secret.transform((pem) => pem.replace(/\\n/g, "\n")).optional(),
  OIDC_APPLE_KEY_ID: secret.optional(),
  OIDC_APPLE_TEAM_ID: secret.optional(),
  STORAGE_ENDPOINT: httpUrl.optional(),
  STORAGE_REGION: z.string().default("auto"),
  STORAGE_BUCKET: secret.optional(),
  STORAGE_ACCESS_KEY_ID: secret.optional(),
  STORAGE_SECRET_ACCESS_KEY: secret.optional(),
  CDN_BASE_URL: httpUrl.optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl.optional(),
  OTEL_EXPORTER_OTLP_HEADERS: z
    .string()
    .regex(/^[^=,\s]+=[^,]*(,[^=,\s]+=[^,]*)*$/, "must be key=value pairs separated by commas")
    .optional(),
  /**
   * The collector's token for browsers (a query parameter of theirs: a beacon carries no header). Every visitor can
   * read it: an ingest-only token, never the server's OTEL_EXPORTER_OTLP_HEADERS.
   */
  OTEL_BROWSER_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{1,512}$/, "must be up to 512 printable characters without spaces")
    .optional(),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      error: "must be one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info"),
  TRUST_PROXY: z
    .string()
    .refine(isTrustProxy, "must be true, false, a hop count, or a comma-separated list of proxy addresses")
    .optional(),
  WEB_DIST_DIR: z.string().optional(),
  /** For tests and private deployments only: addresses or CIDR ranges a brand's website may resolve to. */
  WEBSITE_FETCH_ALLOW_PRIVATE: z.string().optional(),
  WEBSITE_FETCH_ALLOW_PORTS: z
    .string()
    .regex(/^\d{1,5}(,\d{1,5})*$/, "must be a comma-separated list of port numbers")
    .optional(),
  /**
   * DNS servers for single sign-on's domain verification (TXT records), `host:port` comma-separated; unset: the
   * system's resolvers. Tests point it at a local DNS server.
   */
  DNS_SERVERS: z
    .string()
    .regex(/^[\w.:[\]-]+(,[\w.:[\]-]+)*$/, "must be a comma-separated list of host:port")
    .optional(),
  /** The YouTube Data API v3 (modules/connectors/youtube-api.ts); tests point it at a local fake. */
  YOUTUBE_API_BASE_URL: httpUrl.default("https://www.googleapis.com/youtube/v3"),
  /** An operator-wide key, used by workspaces that entered none of their own. */
  YOUTUBE_API_KEY: secret.optional(),
  /**
   * Creator searches (100 units each) a workspace may make per quota day with the operator's key, which every
   * workspace without its own shares; 0 leaves creator search to workspaces with their own key.
   */
  YOUTUBE_OPERATOR_SEARCHES_PER_DAY: z
    .string()
    .regex(/^\d{1,3}$/, "must be a number of searches")
    .transform(Number)
    .default(1),
  /** Units a brand's connection may spend per day with the workspace's own key (Google's default project quota is 10,000). */
  YOUTUBE_DAILY_QUOTA: z
    .string()
    .regex(/^\d{1,7}$/, "must be a number of units")
    .transform(Number)
    .default(10_000),
  /**
   * The operator's key's daily quota (its Google Cloud project's: 10,000 units by default, more once Google grants an
   * extension). Google counts it per key, so it is split evenly between the workspaces that use the key, each capped
   * at its share and at YOUTUBE_DAILY_QUOTA (modules/connectors/youtube-quota.ts).
   */
  YOUTUBE_OPERATOR_KEY_QUOTA: z
    .string()
    .regex(/^\d{1,9}$/, "must be a number of units")
    .transform(Number)
    .default(10_000),
  /**
   * Google OAuth for the Search Console connector (modules/connectors/search-console*.ts): a web client of a Google
   * Cloud project with the Search Console API enabled, whose authorised redirect URI is
   * APP_URL/api/connectors/search-console/callback. Unset: the connector shows as not available.
   */
  GOOGLE_OAUTH_CLIENT_ID: secret.optional(),
  GOOGLE_OAUTH_CLIENT_SECRET: secret.optional(),
  /** Google's endpoints; tests point them at a local fake (test/fake-google.ts). */
  GOOGLE_OAUTH_AUTHORIZE_URL: httpUrl.default("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_OAUTH_TOKEN_URL: httpUrl.default("https://oauth2.googleapis.com/token"),
  GOOGLE_OAUTH_REVOKE_URL: httpUrl.default("https://oauth2.googleapis.com/revoke"),
  SEARCH_CONSOLE_API_BASE_URL: httpUrl.default("https://www.googleapis.com/webmasters/v3"),
  /**
   * The Google Ads keyword planning connector (modules/connectors/google-ads*.ts) needs only the Google OAuth client
   * above, with the Google Ads API enabled in its Cloud project (Explorer access or above for real accounts) and
   * APP_URL/api/connectors/google-ads/callback as an authorised redirect URI. Google retired developer tokens on
   * 9 September 2026 (the header is optional and ignored): one set here is still sent, and none is needed.
   */
  GOOGLE_ADS_DEVELOPER_TOKEN: secret.optional(),
  /**
   * The Google Ads API's address without the version, which is the code's (google-ads-api.ts
   * GOOGLE_ADS_API_VERSION); tests point it at a local fake (test/fake-google.ts). An address ending in a version
   * (…/v18) is refused: it would pin the server to a version Google may have sunset.
   */
  GOOGLE_ADS_API_BASE_URL: unversioned("https://googleads.googleapis.com"),
  /**
   * A Meta app for the Instagram connector (modules/connectors/instagram*.ts): Facebook Login for Business, with
   * APP_URL/api/connectors/instagram/callback as a valid OAuth redirect URI. Unset: the connector is not available.
   */
  META_APP_ID: secret.optional(),
  META_APP_SECRET: secret.optional(),
  /**
   * The Meta app's Facebook Login for Business configuration (App Dashboard > Facebook Login for Business >
   * Configurations): set, the login dialog gets `config_id` and the configuration decides the permissions (it must
   * hold instagram_basic, instagram_manage_insights, pages_read_engagement, pages_show_list, business_management and
   * ads_read); unset, classic Facebook Login with `scope` (instagram.service.ts INSTAGRAM_SCOPES).
   */
  META_LOGIN_CONFIG_ID: z
    .string()
    .regex(/^\d{1,30}$/, { error: "must be the numeric configuration ID from Meta's App Dashboard" })
    .optional(),
  /**
   * Facebook Login's and the Graph API's addresses, without the version, which is the code's (instagram-api.ts
   * META_GRAPH_API_VERSION); tests point them at a local fake (test/fake-meta.ts). An address ending in a version
   * (…/v21.0) is refused, as Google Ads' is.
   */
  META_OAUTH_DIALOG_URL: unversioned("https://www.facebook.com"),
  META_GRAPH_API_BASE_URL: unversioned("https://graph.facebook.com"),
  /** Load the sample brand data at start (default); tests that bring their own data turn it off. */
  SAMPLE_DATA: z.enum(["on", "off"], { error: "must be on or off" }).default("on"),
  /**
   * Test-only: the instant the server's clock reads when it starts, from which it runs on at the normal pace; the
   * weekly digest's run is then looked at every minute rather than hourly (docs/operations.md "A test clock").
   * Refused by a declared production deployment.
   */
  TEST_CLOCK_START: z.iso
    .datetime({ offset: true, error: "must be an ISO 8601 instant such as 2026-11-30T08:10:00Z" })
    .optional(),
  PASSWORD_HASHING: z
    .enum(["owasp", "fast-test-only"], { error: "must be owasp or fast-test-only" })
    .default("owasp"),
  /**
   * Tests that cross a bearer's expiry shorten it; never longer than the 15 minutes of
   * docs/decisions.md "Accounts and tokens".
   */
  ID_TOKEN_LIFETIME_SECONDS: z
    .string()
    .regex(/^\d{1,4}$/, `must be a number of seconds (1-${ID_TOKEN_TTL_SECONDS})`)
    .transform(Number)
    .refine(
      (seconds) => seconds >= 1 && seconds <= ID_TOKEN_TTL_SECONDS,
      `must be a number of seconds (1-${ID_TOKEN_TTL_SECONDS})`,
    )
    .default(ID_TOKEN_TTL_SECONDS),
});

type Env = z.output<typeof envSchema>;

function isTrustProxy(value: string): boolean {
  if (/^(true|false|\d+)$/.test(value)) return true;
  return value.split(",").every((entry) => {
    const item = entry.trim();
    if (["loopback", "linklocal", "uniquelocal"].includes(item)) return true;
    const [address = "", prefix] = item.split("/");
    return isIP(address) !== 0 && (prefix === undefined || /^\d{1,3}$/.test(prefix));
  });
}

/** Requires every variable of a group once any one of them is set. */
function requireTogether(env: Record<string, unknown>, names: string[], ctx: z.RefinementCtx) {
  const set = names.filter((name) => env[name] !== undefined);
  if (set.length === 0 || set.length === names.length) return;
  for (const name of names.filter((n) => env[n] === undefined)) {
    ctx.addIssue({ code: "custom", path: [name], message: `is required when ${set[0]} is set` });
  }
}

const checkedSchema = envSchema.superRefine((env, ctx) => {
  const e: Record<string, unknown> = env;
  requireTogether(
    e,
    [
      "STRIPE_SECRET_KEY",
      "STRIPE_PUBLISHABLE_KEY",
      "STRIPE_WEBHOOK_SECRET",
      "STRIPE_PRICE_PROFESSIONAL",
      "STRIPE_PRICE_ENTERPRISE",
    ],
    ctx,
  );
  requireTogether(e, ["OIDC_GOOGLE_ISSUER", "OIDC_GOOGLE_CLIENT_ID", "OIDC_GOOGLE_CLIENT_SECRET"], ctx);
  checkFacebook(env, ctx);
  checkApple(env, ctx);
  if (env.DEPLOYMENT === "production") checkProduction(env, ctx);
  // The embedded PostgreSQL lives and dies with the one process that started it, on a port of the moment: web
  // instances and workers apart from each other must meet in a PostgreSQL of their own.
  if (env.PROCESS_KIND !== "all" && !env.DATABASE_URL) {
    ctx.addIssue({
      code: "custom",
      path: ["PROCESS_KIND"],
      message: `is ${env.PROCESS_KIND}, which needs DATABASE_URL: web instances and workers share one PostgreSQL, and the embedded one serves a single npm start only (PROCESS_KIND=all, the default)`,
    });
  }
  // A replica streams from a PostgreSQL the operator runs; the embedded one has no replica and a port of the moment.
  if (env.DATABASE_REPLICA_URL && !env.DATABASE_URL) {
    ctx.addIssue({
      code: "custom",
      path: ["DATABASE_REPLICA_URL"],
      message:
        "is set without DATABASE_URL: a read replica streams from a PostgreSQL of your own, named by DATABASE_URL, never from the embedded one",
    });
  }
  requireTogether(e, ["GOOGLE_OAUTH_CLIENT_ID", "GOOGLE_OAUTH_CLIENT_SECRET"], ctx);
  for (const name of ["BRANDSCOPE_ENCRYPTION_KEY", "BRANDSCOPE_SIGNING_KEY", "JWT_SECRET"] as const) {
    if (env[name] && env[`${name}_FILE`]) {
      ctx.addIssue({
        code: "custom",
        path: [`${name}_FILE`],
        message: `and ${name} are both set: give ${name === "JWT_SECRET" ? "the secret" : "the keys"} one way`,
      });
    }
  }
  if (env.OTEL_BROWSER_TOKEN && !env.OTEL_EXPORTER_OTLP_ENDPOINT) {
    ctx.addIssue({
      code: "custom",
      path: ["OTEL_BROWSER_TOKEN"],
      message: "needs OTEL_EXPORTER_OTLP_ENDPOINT (where browsers send their traces)",
    });
  }
  requireTogether(e, ["META_APP_ID", "META_APP_SECRET"], ctx);
  requireTogether(e, ["STORAGE_BUCKET", "STORAGE_ACCESS_KEY_ID", "STORAGE_SECRET_ACCESS_KEY"], ctx);
  // Cheap password hashing keeps the test suite fast; it must never weaken a running server.
  if (env.PASSWORD_HASHING === "fast-test-only" && env.NODE_ENV !== "test") {
    ctx.addIssue({
      code: "custom",
      path: ["PASSWORD_HASHING"],
      message: "fast-test-only needs NODE_ENV=test",
    });
  }
});

/**
 * A declared production deployment fails closed: each try-out default that would quietly put people at risk there
 * stops the start, with the setting to give, unless its named ALLOW_ variable says it is meant.
 */
function checkProduction(env: Env, ctx: z.RefinementCtx) {
  const refuse = (name: string, message: string) => ctx.addIssue({ code: "custom", path: [name], message });
  // No named exception: a production server whose clock is not the time would send digests at the wrong hour
  // and let codes and links outlive their expiry.
  if (env.TEST_CLOCK_START) {
    refuse(
      "TEST_CLOCK_START",
      "is for tests only and is refused with DEPLOYMENT=production: the server's clock must be the time",
    );
  }
  if (!env.SMTP_URL && env.ALLOW_MAIL_TO_LOG !== "true") {
    refuse(
      "SMTP_URL",
      "is required with DEPLOYMENT=production: without it sign-up codes and password-reset links are written to the log (ALLOW_MAIL_TO_LOG=true accepts that)",
    );
  }
  if (!env.STRIPE_SECRET_KEY && env.ALLOW_BILLING_SANDBOX !== "true") {
    refuse(
      "STRIPE_SECRET_KEY",
      "and the other STRIPE_ variables are required with DEPLOYMENT=production: without them the billing sandbox gives paid plans for free (ALLOW_BILLING_SANDBOX=true accepts that)",
    );
  }
  if (env.TRUST_PROXY === "true" && env.ALLOW_TRUST_ANY_PROXY !== "true") {
    refuse(
      "TRUST_PROXY",
      "must not be true with DEPLOYMENT=production: any client could then choose the address rate limits count; give the number of proxy hops or the proxies' addresses (ALLOW_TRUST_ANY_PROXY=true accepts true)",
    );
  }
  if (
    !env.BRANDSCOPE_ENCRYPTION_KEY &&
    !env.BRANDSCOPE_ENCRYPTION_KEY_FILE &&
    env.ALLOW_ENCRYPTION_KEY_IN_DATABASE !== "true"
  ) {
    refuse(
      "BRANDSCOPE_ENCRYPTION_KEY",
      "(or BRANDSCOPE_ENCRYPTION_KEY_FILE) is required with DEPLOYMENT=production: without it the key that encrypts connected accounts' credentials is kept in the database, and a copy of the database opens them (ALLOW_ENCRYPTION_KEY_IN_DATABASE=true accepts that)",
    );
  }
  if (!env.JWT_SECRET && !env.JWT_SECRET_FILE && env.ALLOW_SIGNING_SECRET_IN_DATABASE !== "true") {
    refuse(
      "JWT_SECRET",
      "(or JWT_SECRET_FILE) is required with DEPLOYMENT=production: without it the secret that signs bearers (unless BRANDSCOPE_SIGNING_KEY is given) and keys the hashes of one-time codes is kept in the database, and a copy of the database can sign in as anyone (ALLOW_SIGNING_SECRET_IN_DATABASE=true accepts that)",
    );
  }
  if (!env.APP_URL?.startsWith("https://") && env.ALLOW_HTTP_APP_URL !== "true") {
    refuse(
      "APP_URL",
      "must be the app's https:// address with DEPLOYMENT=production: links, cookies and identity-provider callbacks would travel in clear (ALLOW_HTTP_APP_URL=true accepts http)",
    );
  }
}

/**
 * Facebook: the issuer defaults to https://www.facebook.com and no client secret is needed, since its OpenID
 * Connect sign-in answers with an ID token (response_type=id_token) checked against its published keys.
 */
function checkFacebook(env: Env, ctx: z.RefinementCtx) {
  const set = (["OIDC_FACEBOOK_ISSUER", "OIDC_FACEBOOK_CLIENT_SECRET"] as const).filter(
    (name) => env[name] !== undefined,
  );
  if (set.length > 0 && !env.OIDC_FACEBOOK_CLIENT_ID) {
    ctx.addIssue({
      code: "custom",
      path: ["OIDC_FACEBOOK_CLIENT_ID"],
      message: `is required when ${set[0]} is set (Facebook needs only its app id; the issuer and secret are optional)`,
    });
  }
}

const appleKeyVariables = ["OIDC_APPLE_PRIVATE_KEY", "OIDC_APPLE_KEY_ID", "OIDC_APPLE_TEAM_ID"] as const;

/**
 * Apple: the issuer defaults to https://appleid.apple.com; the client id comes with either a client secret or
 * the three variables of the signing key (an ES256 private key in PEM) that oidc.ts makes the secret from.
 */
function checkApple(env: Env, ctx: z.RefinementCtx) {
  const names = [
    "OIDC_APPLE_ISSUER",
    "OIDC_APPLE_CLIENT_ID",
    "OIDC_APPLE_CLIENT_SECRET",
    ...appleKeyVariables,
  ];
  const set = names.filter((name) => env[name as keyof Env] !== undefined);
  if (set.length === 0) return;
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (!env.OIDC_APPLE_CLIENT_ID) issue("OIDC_APPLE_CLIENT_ID", `is required when ${set[0]} is set`);
  const keySet = appleKeyVariables.filter((name) => env[name] !== undefined);
  if (env.OIDC_APPLE_CLIENT_SECRET && keySet.length > 0) {
    issue(
      "OIDC_APPLE_CLIENT_SECRET",
      `must not be set together with ${keySet.join(", ")}: set either the client secret or the signing key`,
    );
  } else if (!env.OIDC_APPLE_CLIENT_SECRET && keySet.length < appleKeyVariables.length) {
    const missing = appleKeyVariables.filter((name) => env[name] === undefined);
    issue(
      missing[0] ?? "OIDC_APPLE_CLIENT_SECRET",
      keySet.length === 0
        ? "Sign in with Apple needs OIDC_APPLE_CLIENT_SECRET, or OIDC_APPLE_PRIVATE_KEY, OIDC_APPLE_KEY_ID and OIDC_APPLE_TEAM_ID"
        : `is required with ${keySet.join(", ")} (missing: ${missing.join(", ")})`,
    );
  }
  if (env.OIDC_APPLE_PRIVATE_KEY && !isEs256PrivateKey(env.OIDC_APPLE_PRIVATE_KEY)) {
    issue("OIDC_APPLE_PRIVATE_KEY", "must be an EC P-256 private key in PEM (the .p8 file Apple gives)");
  }
}

function isEs256PrivateKey(pem: string): boolean {
  try {
    const key = createPrivateKey(pem);
    return key.asymmetricKeyType === "ec" && key.asymmetricKeyDetails?.namedCurve === "prime256v1";
  } catch {
    return false;
  }
}

/** What signs Apple's client-secret JWT: Apple's "Sign in with Apple" key. */
export interface AppleSigningKey {
  privateKey: string;
  keyId: string;
  teamId: string;
}

export interface OidcProviderConfig {
  issuer: string;
  clientId: string;
  /** A static client secret; Apple may have `appleKey` instead, Facebook (ID tokens only) needs none. */
  clientSecret?: string;
  appleKey?: AppleSigningKey;
}

export const APPLE_ISSUER = "https://appleid.apple.com";
export const FACEBOOK_ISSUER = "https://www.facebook.com";

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: Env) {
  const oidc: Partial<Record<OidcProviderId, OidcProviderConfig>> = {};
  for (const p of oidcProviders) {
    const prefix = `OIDC_${p.toUpperCase() as Uppercase<OidcProviderId>}` as const;
    const issuer = env[`${prefix}_ISSUER`];
    const clientId = env[`${prefix}_CLIENT_ID`];
    const clientSecret = env[`${prefix}_CLIENT_SECRET`];
    if (p === "google" && issuer && clientId && clientSecret) oidc[p] = { issuer, clientId, clientSecret };
  }
  if (env.OIDC_FACEBOOK_CLIENT_ID) {
    oidc.facebook = {
      issuer: env.OIDC_FACEBOOK_ISSUER ?? FACEBOOK_ISSUER,
      clientId: env.OIDC_FACEBOOK_CLIENT_ID,
      ...(env.OIDC_FACEBOOK_CLIENT_SECRET ? { clientSecret: env.OIDC_FACEBOOK_CLIENT_SECRET } : {}),
    };
  }
  const { OIDC_APPLE_CLIENT_ID, OIDC_APPLE_PRIVATE_KEY, OIDC_APPLE_KEY_ID, OIDC_APPLE_TEAM_ID } = env;
  if (OIDC_APPLE_CLIENT_ID) {
    const issuer = env.OIDC_APPLE_ISSUER ?? APPLE_ISSUER;
    if (env.OIDC_APPLE_CLIENT_SECRET)
      oidc.apple = { issuer, clientId: OIDC_APPLE_CLIENT_ID, clientSecret: env.OIDC_APPLE_CLIENT_SECRET };
    else if (OIDC_APPLE_PRIVATE_KEY && OIDC_APPLE_KEY_ID && OIDC_APPLE_TEAM_ID)
      oidc.apple = {
        issuer,
        clientId: OIDC_APPLE_CLIENT_ID,
        appleKey: {
          privateKey: OIDC_APPLE_PRIVATE_KEY,
          keyId: OIDC_APPLE_KEY_ID,
          teamId: OIDC_APPLE_TEAM_ID,
        },
      };
  }
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    dataDir: resolve(repoRoot, env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    /** Module reads of web instances, once it has replayed what they must see (db/read-model/replica-reads.ts). */
    databaseReplicaUrl: env.DATABASE_REPLICA_URL,
    /** all: HTTP and the jobs; web: HTTP, jobs only queued; worker: the jobs and a health check (server.ts). */
    processKind: env.PROCESS_KIND,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    /** Where talk-to-sales requests are e-mailed. */
    salesEmail: env.SALES_EMAIL,
    /** The external contact form the Enterprise card opens; unset: the in-app talk-to-sales form. */
    salesContactUrl: env.SALES_CONTACT_URL,
    /** Unset: generated once and kept in the database (db/jwt-secret.ts). */
    jwtSecret: keysOf(env, "JWT_SECRET", { one: true })?.[0],
    /** The bearer-signing keys, newest first; unset: the app secret signs (config/keys.ts appKeys). */
    signingKeys: keysOf(env, "BRANDSCOPE_SIGNING_KEY"),
    /** Unset: kept in the database (db/credential-keys.ts). */
    encryptionKeys: keysOf(env, "BRANDSCOPE_ENCRYPTION_KEY"),
    stripe:
      env.STRIPE_SECRET_KEY &&
      env.STRIPE_PUBLISHABLE_KEY &&
      env.STRIPE_WEBHOOK_SECRET &&
      env.STRIPE_PRICE_PROFESSIONAL &&
      env.STRIPE_PRICE_ENTERPRISE
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            priceProfessional: env.STRIPE_PRICE_PROFESSIONAL,
            priceEnterprise: env.STRIPE_PRICE_ENTERPRISE,
          }
        : undefined,
    oidc,
    storage:
      env.STORAGE_BUCKET && env.STORAGE_ACCESS_KEY_ID && env.STORAGE_SECRET_ACCESS_KEY
        ? {
            endpoint: env.STORAGE_ENDPOINT,
            region: env.STORAGE_REGION,
            bucket: env.STORAGE_BUCKET,
            accessKeyId: env.STORAGE_ACCESS_KEY_ID,
            secretAccessKey: env.STORAGE_SECRET_ACCESS_KEY,
          }
        : undefined,
    cdnBaseUrl: env.CDN_BASE_URL,
    /** Monitoring (kernel/telemetry/start.ts); unset: nothing is started or sent, by the server or by browsers. */
    otel: env.OTEL_EXPORTER_OTLP_ENDPOINT
      ? {
          endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, ""),
          headers: parseHeaderList(env.OTEL_EXPORTER_OTLP_HEADERS),
          browserToken: env.OTEL_BROWSER_TOKEN,
        }
      : undefined,
    logLevel: env.LOG_LEVEL,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    webDistDir: resolve(repoRoot, env.WEB_DIST_DIR ?? "apps/web/dist"),
    websiteFetch: {
      allowPrivate: listOf(env.WEBSITE_FETCH_ALLOW_PRIVATE),
      allowPorts: listOf(env.WEBSITE_FETCH_ALLOW_PORTS).map(Number),
    },
    /** Domain verification's resolvers (modules/sso/domain-check.ts); empty: the system's. */
    dnsServers: listOf(env.DNS_SERVERS),
    youtube: {
      baseUrl: env.YOUTUBE_API_BASE_URL.replace(/\/+$/, ""),
      operatorKey: env.YOUTUBE_API_KEY,
      dailyQuota: env.YOUTUBE_DAILY_QUOTA,
      operatorKeyQuota: env.YOUTUBE_OPERATOR_KEY_QUOTA,
      operatorSearchesPerDay: env.YOUTUBE_OPERATOR_SEARCHES_PER_DAY,
    },
    searchConsole: {
      /** Undefined without a Google OAuth client: the connector is not available. */
      client:
        env.GOOGLE_OAUTH_CLIENT_ID && env.GOOGLE_OAUTH_CLIENT_SECRET
          ? { id: env.GOOGLE_OAUTH_CLIENT_ID, secret: env.GOOGLE_OAUTH_CLIENT_SECRET }
          : undefined,
      authorizeUrl: env.GOOGLE_OAUTH_AUTHORIZE_URL,
      tokenUrl: env.GOOGLE_OAUTH_TOKEN_URL,
      revokeUrl: env.GOOGLE_OAUTH_REVOKE_URL,
      baseUrl: env.SEARCH_CONSOLE_API_BASE_URL.replace(/\/+$/, ""),
    },
    googleAds: {
      /** Undefined without the Google OAuth client: the connector is not available. */
      client:
        env.GOOGLE_OAUTH_CLIENT_ID && env.GOOGLE_OAUTH_CLIENT_SECRET
          ? {
              id: env.GOOGLE_OAUTH_CLIENT_ID,
              secret: env.GOOGLE_OAUTH_CLIENT_SECRET,
              developerToken: env.GOOGLE_ADS_DEVELOPER_TOKEN,
            }
          : undefined,
      baseUrl: env.GOOGLE_ADS_API_BASE_URL.replace(/\/+$/, ""),
    },
    instagram: {
      /** Undefined without a Meta app: the connector is not available. */
      app:
        env.META_APP_ID && env.META_APP_SECRET
          ? { id: env.META_APP_ID, secret: env.META_APP_SECRET }
          : undefined,
      /** Facebook Login for Business's configuration ID (`config_id`); undefined: classic Facebook Login (`scope`). */
      loginConfigId: env.META_LOGIN_CONFIG_ID,
      dialogUrl: env.META_OAUTH_DIALOG_URL.replace(/\/+$/, ""),
      graphUrl: env.META_GRAPH_API_BASE_URL.replace(/\/+$/, ""),
    },
    sampleData: env.SAMPLE_DATA === "on",
    /** argon2id cost: OWASP's parameters, or (NODE_ENV=test only) cheap ones. */
    passwordHashing: env.PASSWORD_HASHING,
    testClockStart: env.TEST_CLOCK_START ? new Date(env.TEST_CLOCK_START) : undefined,
    /** How long an idToken (the bearer) is valid. */
    idTokenTtlSeconds: env.ID_TOKEN_LIFETIME_SECONDS,
  };
}

function listOf(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

function parseHeaderList(value: string | undefined): Record<string, string> {
  if (!value) return {};
  return Object.fromEntries(
    value.split(",").map((pair) => {
      const at = pair.indexOf("=");
      return [pair.slice(0, at).trim(), decodeURIComponent(pair.slice(at + 1).trim())];
    }),
  );
}

function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(",").map((entry) => entry.trim());
}

const KEY_SEPARATORS = /[\s,]+/;

/**
 * The keys given in a variable or in the file its `_FILE` twin names (read at start: a mounted secret), newest
 * first, separated by commas or line breaks; each of at least 32 characters. `one`: a single secret (JWT_SECRET),
 * taken whole from the variable as before, trimmed from a file.
 */
function keysOf(
  env: Env,
  name: "BRANDSCOPE_ENCRYPTION_KEY" | "BRANDSCOPE_SIGNING_KEY" | "JWT_SECRET",
  o: { one?: boolean } = {},
): string[] | undefined {
  let text = env[name];
  const file = env[`${name}_FILE`];
  if (file !== undefined) {
    try {
      text = readFileSync(resolve(repoRoot, file), "utf8");
    } catch (error) {
      const reason = error instanceof Error && "code" in error ? String(error.code) : String(error);
      throw new ConfigError(`Invalid configuration: ${name}_FILE cannot be read (${reason})`);
    }
  }
  if (text === undefined) return undefined;
  const setting = file === undefined ? name : `${name}_FILE`;
  if (o.one) {
    const secret = file === undefined ? text : text.trim();
    if (secret.length < 32) {
      throw new ConfigError(`Invalid configuration: ${setting} must be at least 32 characters`);
    }
    return [secret];
  }
  const keys = text.split(KEY_SEPARATORS).filter((key) => key !== "");
  if (keys.length === 0 || keys.some((key) => key.length < 32)) {
    throw new ConfigError(
      `Invalid configuration: ${setting} must hold keys of at least 32 characters each, newest first, separated by commas or line breaks (openssl rand -base64 32)`,
    );
  }
  return keys;
}

/**
 * Reads and validates the configuration. Relative DATA_DIR and WEB_DIST_DIR are resolved against the
 * repository root, so `npm start` from the root and from apps/api use the same folder.
 * Throws ConfigError with one line naming every bad variable.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ""),
  );
  const parsed = checkedSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join("; ")}`);
  }
  return toConfig(parsed.data);
}

/** The configuration once the secrets that may be kept in the database are resolved (db/credential-keys.ts). */
export type AppConfig = Config & { jwtSecret: string; credentialKeys: KeyMaterial };
export type OtelConfig = NonNullable<Config["otel"]>;
