import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * E-mails to deliver (modules/mail/outbox.ts): written in the transaction of what they tell about, so a crash or
 * an SMTP outage loses none. The message is sealed (encrypted with a key of the app's secret), as it may carry a
 * one-time code or an invitation link; the recipient stays readable for an operator. A delivered message is
 * deleted.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    recipient: text("recipient").notNull(),
    sealed: text("sealed").notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** Not tried again before this: a delivery under way holds the message until then. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_next_attempt_at_idx").on(t.nextAttemptAt)],
);
