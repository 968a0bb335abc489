import { index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * SAML assertions already used to sign in (modules/sso/saml/saml-replay.repo.ts): a second post of one is a
 * replay and refused. Keyed by the issuing IdP, not by workspace: an assertion id is unique for its issuer, and
 * one IdP (an Azure tenant) may serve several workspaces. A row is needed only while the assertion could still
 * be accepted; housekeeping deletes it after `expires_at`.
 */
export const samlUsedAssertions = pgTable(
  "saml_used_assertions",
  {
    issuer: text("issuer").notNull(),
    assertionId: text("assertion_id").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.issuer, t.assertionId] }),
    index("saml_used_assertions_expires_at_idx").on(t.expiresAt),
  ],
);
