/**
 * The fakes answer in the vendors' declared types (Google's clients' `Schema$…`, the Google Ads and Graph API types
 * written from their references). A fresh object literal assigned to such a type already fails to type-check on a
 * field the vendor does not have; a fixture read from JSON does not (TypeScript checks excess fields on literals
 * only, and every field of the vendors' types is optional). `vendorShaped<T>()(value)` closes that gap: every key of
 * `value`, at any depth, must be a key of `T`, or the call fails to type-check, so a fixture or a fake that drifts
 * from the vendor's shape (a renamed or invented field) is caught by `tsc`, not by a customer.
 */

/**
 * `S` with each key the vendor's `T` does not declare, at any depth, turned into `never`; below a field the vendor
 * leaves open (`unknown`, `any`: a map of metadata) anything goes.
 */
export type KnownTo<T, S> = unknown extends T
  ? S
  : S extends readonly (infer Item)[]
    ? NonNullable<T> extends readonly (infer VendorItem)[]
      ? readonly KnownTo<VendorItem, Item>[]
      : never
    : S extends object
      ? { [K in keyof S]: K extends keyof NonNullable<T> ? KnownTo<NonNullable<T>[K], S[K]> : never }
      : S;

/**
 * `T` as a JSON file's type can match it: TypeScript reads a JSON string as `string`, never as one of an enum's
 * names ("NOVEMBER"), so string types are loosened to `string` (an enum value misspelled is not caught; a field is).
 */
export type AsJson<T> = T extends string
  ? string
  : T extends readonly (infer Item)[]
    ? AsJson<Item>[]
    : T extends object
      ? { [K in keyof T]: AsJson<T[K]> }
      : T;

/** `value` as the vendor's `T`, refused by the type checker when it has a field `T` does not declare. */
export const vendorShaped =
  <T>() =>
  <S extends AsJson<T>>(value: S & KnownTo<T, S>): T =>
    value as unknown as T;
