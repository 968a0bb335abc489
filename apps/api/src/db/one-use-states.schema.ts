import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, oneOf } from "./columns";

/**
 * What a one-use state is for: a social sign-in (modules/auth/social.service.ts), a single sign-on by OpenID Connect
 * or SAML (modules/sso/sso-start.ts), the SAML hand-off to the callback page (modules/sso/saml-acs.ts), and a
 * connector's OAuth consent (modules/connectors/consent.ts).
 */
export const oneUseStateKinds = [
  "social-sign-in",
  "sso-sign-in",
  "saml-handoff",
  "connector-consent",
] as const;
export type OneUseStateKind = (typeof oneUseStateKinds)[number];

/**
 * A secret handed to a browser and redeemed once, shortly after (kernel/one-use-state.ts): only its SHA-256 is
 * kept. `browserHash` is the SHA-256 of a cookie of the browser that started the flow, where the flow has one.
 * A taken row stays, marked `usedAt`, until the sweep (`sweep-one-use-states`) deletes it with the expired ones.
 */
export const oneUseStates = pgTable(
  "one_use_states",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: oneUseStateKinds }).notNull(),
    keyHash: text("key_hash").notNull(),
    payload: jsonb("payload").notNull(),
    browserHash: text("browser_hash"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("one_use_states_kind_key_hash_key").on(t.kind, t.keyHash),
    index("one_use_states_expires_at_idx").on(t.expiresAt),
    check("one_use_states_kind_check", oneOf("kind", oneUseStateKinds)),
  ],
);
