import { sql } from "drizzle-orm";
import { boolean, check, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { workspaces } from "./accounts.schema";
import { createdAt, oneOf } from "./columns";

export const ssoProtocols = ["oidc", "saml"] as const;
export type SsoProtocol = (typeof ssoProtocols)[number];

/**
 * A workspace's single sign-on (Enterprise, docs/single-sign-on.md): one identity provider, by OpenID Connect or
 * SAML 2.0. The OIDC client secret is sealed at rest (lib/crypto.ts) and never answered.
 */
export const ssoConnections = pgTable(
  "sso_connections",
  {
    workspaceId: uuid("workspace_id")
      .primaryKey()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    protocol: text("protocol", { enum: ssoProtocols }).notNull(),
    oidcIssuer: text("oidc_issuer"),
    oidcClientId: text("oidc_client_id"),
    oidcSealedClientSecret: text("oidc_sealed_client_secret"),
    /** The IdP's metadata as pasted, or the URL it is read from. */
    samlMetadataXml: text("saml_metadata_xml"),
    samlMetadataUrl: text("saml_metadata_url"),
    /**
     * What sign-in needs from that metadata, read when the settings are saved (a URL is fetched then, once):
     * the IdP's entity id, sign-in address and signing certificates (modules/sso/saml/idp-metadata.ts).
     */
    samlIdp: jsonb("saml_idp").$type<{ entityId: string; ssoUrl: string; signingCertificates: string[] }>(),
    /** Members of the verified domains sign in only through the IdP; the owner keeps a password (break-glass). */
    requireSso: boolean("require_sso").notNull().default(false),
    /** Someone of a verified domain without an account joins as a member at their first sign-in. */
    jitProvisioning: boolean("jit_provisioning").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check("sso_connections_protocol_check", oneOf("protocol", ssoProtocols))],
);

/**
 * An e-mail domain a workspace claims for single sign-on, proved by a DNS TXT record. Once verified it is the
 * workspace's alone (the partial unique index); until then several workspaces may be trying.
 */
export const ssoDomains = pgTable(
  "sso_domains",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Lower case, no trailing dot. */
    domain: text("domain").notNull(),
    /** The random part of the TXT value `brandscope-verification=<token>`. */
    verificationToken: text("verification_token").notNull(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("sso_domains_workspace_domain_key").on(t.workspaceId, t.domain),
    uniqueIndex("sso_domains_verified_domain_key").on(t.domain).where(sql`${t.verifiedAt} is not null`),
  ],
);
