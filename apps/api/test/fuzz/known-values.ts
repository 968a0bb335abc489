import type { Known } from "./schema-arbitraries";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^@\s]+@[^@\s]+$/;
/** Enough of each kind to vary requests, few enough to stay small. */
const MAX_PER_KIND = 50;

/**
 * What the server handed out (ids, e-mails, fields by name), for generated requests to name again: an operation's
 * own values (its caller's ids, card, tokens) on top of the reference values every operation shares.
 */
export class KnownValues implements Known {
  private readonly kinds = new Map<string, Set<string>>();

  constructor(private readonly parent?: KnownValues) {}

  private values(kind: string): string[] {
    return [...(this.parent?.values(kind) ?? []), ...(this.kinds.get(kind) ?? [])];
  }

  add(kind: string, value: string): void {
    const values = this.kinds.get(kind) ?? new Set<string>();
    if (values.size < MAX_PER_KIND) values.add(value);
    this.kinds.set(kind, values);
  }

  /** Every string in an answer: uuids and e-mails by kind, and each under its field's name. */
  remember(value: unknown, field?: string): void {
    if (typeof value === "string") {
      if (UUID.test(value)) this.add("uuid", value);
      else if (EMAIL.test(value) && value.length < 100) this.add("email", value);
      // Tokens (a JWT is some hundreds of characters) included; texts past this are not worth naming again.
      if (field && value.length <= 2000) this.add(`field:${field}`, value);
    } else if (Array.isArray(value)) {
      for (const item of value) this.remember(item, field);
    } else if (typeof value === "object" && value !== null) {
      for (const [key, item] of Object.entries(value)) this.remember(item, key);
    }
  }

  uuid = () => this.values("uuid");
  email = () => this.values("email");
  named = (field: string) => this.values(`field:${field}`);
}
