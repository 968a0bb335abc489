/**
 * The tables whose every change is notified on the channel `brandscope_data_change` (migrations 0009, 0012 and
 * 0013, 0023): the only ones a statement kept in memory may read (db/read-model/read-model.ts).
 * `sessions` and `users` notify only the changes that can end a session or change what it may do: a session
 * updated or deleted, a user deleted or changing status, workspace or role (a kept statement may read no other
 * column of `users`).
 */
export const notifiedTables = [
  "brands",
  "workspace_brands",
  "brand_competitors",
  "social_accounts",
  "imports",
  "figures",
  "personas",
  "subscriptions",
  "influencers",
  "influencer_scores",
  "keywords",
  "sessions",
  "users",
] as const;
export type NotifiedTable = (typeof notifiedTables)[number];

/** A hot read's named statement and the tables it reads (query-plans.test.ts holds the list to its plan). */
export interface KeptStatement {
  name: string;
  text: string;
  values: unknown[];
  tables: readonly NotifiedTable[];
}
