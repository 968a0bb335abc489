import { asc } from "drizzle-orm";
import type { Db } from "../../db/client";
import { industries } from "../../db/schema";

export const findIndustries = (db: Db) =>
  db
    .select({ id: industries.id, label: industries.label })
    .from(industries)
    .orderBy(asc(industries.position));
