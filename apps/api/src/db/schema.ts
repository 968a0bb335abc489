/**
 * The database schema, as drizzle-kit and the client see it: one module re-exporting each model's file (accounts,
 * billing, brand data, files, mail, secrets, single sign-on). The models import each other's tables from their own files, never
 * from here.
 */
export * from "./accounts.schema";
// Alert delivery (issue 31, alerts: e-mail and chat webhooks): on a line of its own for an easy merge.
export * from "./alert-delivery.schema";
// Alerts (issue 31, alerts): kept on a line of their own for an easy merge.
export * from "./alerts.schema";
export * from "./billing.schema";
export * from "./brand-data.schema";
export * from "./branding.schema";
export * from "./connectors.schema";
export * from "./digest.schema";
export * from "./files.schema";
export * from "./mail.schema";
// One-use states (issue 26): on a line of their own for an easy merge.
export * from "./one-use-states.schema";
export * from "./saml.schema";
export * from "./search-queries.schema";
export * from "./secrets.schema";
// Shared reports (issue 32).
export * from "./shared-reports.schema";
export * from "./sso.schema";
export * from "./team.schema";
export * from "./website.schema";
