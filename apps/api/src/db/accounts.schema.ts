import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, oneOf } from "./columns";

/** The fixed list of industries a brand or a user can pick; seeded by a migration, shown by position. */
export const industries = pgTable("industries", {
  id: text("id").primaryKey(),
  label: text("label").notNull(),
  position: integer("position").notNull(),
});

/** Every account belongs to one; brands, data and the subscription belong to the workspace. */
export const workspaces = pgTable("workspaces", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  createdAt: createdAt(),
});

export const userStatuses = ["unconfirmed", "confirmed", "deactivated"] as const;
export const workspaceRoles = ["owner", "admin", "member"] as const;
export const businessTypes = ["b2b", "b2c", "both"] as const;

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** The workspace's owner (exactly one, see the index), an admin or a member (docs/decisions.md "Workspaces and team"). */
    role: text("role", { enum: workspaceRoles }).notNull(),
    /** As typed at sign-up; unique and looked up case-insensitively. */
    email: text("email").notNull(),
    /** argon2id (PHC string); null for an account that only ever signed in through a social provider. */
    passwordHash: text("password_hash"),
    status: text("status", { enum: userStatuses }).notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phone: text("phone"),
    company: text("company"),
    businessType: text("business_type", { enum: businessTypes }),
    country: text("country"),
    industry: text("industry"),
    defaultIndustry: text("default_industry"),
    defaultCountry: text("default_country"),
    /** Storage key of the re-encoded picture (e.g. `avatars/<id>-<random>.webp`). */
    profilePicture: text("profile_picture"),
    isFirstTime: boolean("is_first_time").notNull().default(true),
    /** IANA time zone (`Europe/Paris`), sent by the browser at sign-up; the weekly digest's day and hour are in it. */
    timeZone: text("time_zone").notNull().default("UTC"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    index("users_workspace_id_idx").on(t.workspaceId),
    uniqueIndex("users_one_owner_per_workspace_key").on(t.workspaceId).where(sql`${t.role} = 'owner'`),
    check("users_role_check", oneOf("role", workspaceRoles)),
    check("users_status_check", oneOf("status", userStatuses)),
    check("users_business_type_check", oneOf("business_type", businessTypes)),
  ],
);

export const planTypes = ["starter", "professional", "enterprise"] as const;
export const subscriptionStatuses = ["active", "deactivated", "payment-error", "cancelled"] as const;

/** The workspace's plan: sign-up starts a 14-day Starter trial; billing (issue 7) builds on it. */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    plan: text("plan", { enum: planTypes }).notNull(),
    status: text("status", { enum: subscriptionStatuses }).notNull(),
    /** End of the trial or of the paid period; null when open-ended. */
    endDate: timestamp("end_date", { withTimezone: true }),
    /** The owner cancelled: the paid plan runs to endDate, then returns to Starter instead of renewing. */
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /** Set by the operator command (sales-sold plans): no payment provider subscription, ends at endDate. */
    granted: boolean("granted").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("subscriptions_workspace_id_key").on(t.workspaceId),
    check("subscriptions_plan_check", oneOf("plan", planTypes)),
    check("subscriptions_status_check", oneOf("status", subscriptionStatuses)),
  ],
);

export const codePurposes = ["confirm-signup", "reset-password", "reset-token"] as const;
export type CodePurpose = (typeof codePurposes)[number];

/**
 * E-mailed 6-digit codes and the reset token a reset code is exchanged for. Only a keyed hash is stored,
 * computed over the account, the purpose and the secret, so a code is bound to both.
 */
export const oneTimeCodes = pgTable(
  "one_time_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: codePurposes }).notNull(),
    codeHash: text("code_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("one_time_codes_user_purpose_idx").on(t.userId, t.purpose),
    index("one_time_codes_code_hash_idx").on(t.codeHash),
    index("one_time_codes_expires_at_idx").on(t.expiresAt),
    check("one_time_codes_purpose_check", oneOf("purpose", codePurposes)),
  ],
);

/** A sign-in: the family of its rotating refresh tokens. Ends 30 days after the sign-in at the latest. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedReason: text("revoked_reason"),
    /**
     * Begun through the workspace's single sign-on: when "require SSO" is turned on, the members' sessions begun
     * any other way end (modules/sso/sso-settings.service.ts); these stay.
     */
    viaSso: boolean("via_sso").notNull().default(false),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId), index("sessions_expires_at_idx").on(t.expiresAt)],
);

/** Opaque refresh tokens, stored as SHA-256; `rotatedAt` set once used, and a rotated one is never valid again. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    rotatedAt: timestamp("rotated_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("refresh_tokens_token_hash_key").on(t.tokenHash),
    index("refresh_tokens_session_id_idx").on(t.sessionId),
  ],
);

export const socialProviderIds = ["google", "facebook", "apple"] as const;
export type SocialProviderId = (typeof socialProviderIds)[number];

/** An OpenID Connect identity (issuer's provider + subject) signing in as a user. */
export const socialIdentities = pgTable(
  "social_identities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: socialProviderIds }).notNull(),
    subject: text("subject").notNull(),
    email: text("email"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("social_identities_provider_subject_key").on(t.provider, t.subject),
    index("social_identities_user_id_idx").on(t.userId),
    check("social_identities_provider_check", oneOf("provider", socialProviderIds)),
  ],
);

/**
 * Rate-limit buckets (created UNLOGGED by its migration: losing them in a crash only resets counters).
 * `hits` counts within the window ending at `resetAt`; `blockedUntil` is a back-off after repeated failures.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    hits: integer("hits").notNull(),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
    blockedUntil: timestamp("blocked_until", { withTimezone: true }),
  },
  (t) => [index("rate_limits_reset_at_idx").on(t.resetAt)],
);
