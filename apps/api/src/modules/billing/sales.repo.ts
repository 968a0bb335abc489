import type { components } from "@brandscope/api-client/schema";
import type { Queryable } from "../../db/client";
import { salesContacts } from "../../db/schema";

export async function insertSalesContact(
  db: Queryable,
  p: components["schemas"]["SalesContactRequest"] & { workspaceId: string; userId: string; now: Date },
) {
  const { now, ...fields } = p;
  await db.insert(salesContacts).values({ ...fields, createdAt: now });
}
