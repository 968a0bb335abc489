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
import { users, workspaces } from "./accounts.schema";
import { createdAt, oneOf } from "./columns";

export const paymentProviders = ["stripe", "sandbox"] as const;
export type PaymentProviderId = (typeof paymentProviders)[number];

/** The workspace's customer record at a payment provider (created on the first card set-up). */
export const billingCustomers = pgTable(
  "billing_customers",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: paymentProviders }).notNull(),
    customerId: text("customer_id").notNull(),
    /** The provider's subscription on a paid plan; webhooks find the workspace through it. */
    subscriptionId: text("subscription_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("billing_customers_workspace_provider_key").on(t.workspaceId, t.provider),
    uniqueIndex("billing_customers_customer_key").on(t.provider, t.customerId),
    uniqueIndex("billing_customers_subscription_key").on(t.provider, t.subscriptionId),
    check("billing_customers_provider_check", oneOf("provider", paymentProviders)),
  ],
);

/** The workspace's saved cards (only what a receipt shows: never a card number). */
export const paymentMethods = pgTable(
  "payment_methods",
  {
    /** The provider's payment method id (`pm_…`). */
    id: text("id").primaryKey(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: paymentProviders }).notNull(),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("payment_methods_workspace_id_idx").on(t.workspaceId),
    uniqueIndex("payment_methods_one_default_key").on(t.workspaceId).where(sql`${t.isDefault}`),
    check("payment_methods_provider_check", oneOf("provider", paymentProviders)),
  ],
);

export const sandboxCardOutcomes = ["succeeds", "declined", "insufficient_funds"] as const;

/**
 * The built-in sandbox provider's own records (docs/decisions.md "Sandbox payments"): what Stripe would keep on its
 * side. A set-up intent's client secret is stored hashed; a confirmed intent names the card it set up.
 */
export const sandboxSetupIntents = pgTable(
  "sandbox_setup_intents",
  {
    id: text("id").primaryKey(),
    customerId: text("customer_id").notNull(),
    secretHash: text("secret_hash").notNull(),
    paymentMethodId: text("payment_method_id"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("sandbox_setup_intents_secret_hash_key").on(t.secretHash)],
);

export const sandboxCards = pgTable(
  "sandbox_cards",
  {
    id: text("id").primaryKey(),
    customerId: text("customer_id").notNull(),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    /** Whether a charge on it succeeds (the renewal job reads it). */
    outcome: text("outcome", { enum: sandboxCardOutcomes }).notNull(),
    attached: boolean("attached").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("sandbox_cards_customer_id_idx").on(t.customerId),
    check("sandbox_cards_outcome_check", oneOf("outcome", sandboxCardOutcomes)),
  ],
);

export const sandboxSubscriptionStatuses = ["active", "cancelled"] as const;

/** The sandbox's subscriptions, as Stripe keeps them: the renewal job charges only an active one. */
export const sandboxSubscriptions = pgTable(
  "sandbox_subscriptions",
  {
    id: text("id").primaryKey(),
    customerId: text("customer_id").notNull(),
    status: text("status", { enum: sandboxSubscriptionStatuses }).notNull(),
    createdAt: createdAt(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (_t) => [check("sandbox_subscriptions_status_check", oneOf("status", sandboxSubscriptionStatuses))],
);

/** Provider events already handled: a replayed webhook is acknowledged and changes nothing. */
export const webhookEvents = pgTable("webhook_events", {
  id: text("id").primaryKey(),
  provider: text("provider", { enum: paymentProviders }).notNull(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Talk-to-sales requests, kept as sent to the sales address. */
export const salesContacts = pgTable(
  "sales_contacts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    name: text("name").notNull(),
    companyName: text("company_name").notNull(),
    role: text("role").notNull(),
    industry: text("industry").notNull(),
    category: text("category").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sales_contacts_workspace_id_idx").on(t.workspaceId)],
);

/**
 * Team invitations (docs/decisions.md "Workspaces and team"): a single-use link valid 7 days. Only a hash
 * of the link's token is stored; resending replaces it.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("invitations_token_hash_key").on(t.tokenHash),
    uniqueIndex("invitations_open_email_key")
      .on(t.workspaceId, sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);
