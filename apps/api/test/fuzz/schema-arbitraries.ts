import fc from "fast-check";
import type { JsonSchema } from "../../src/http/contract";
import { createAjv, nulAt } from "../../src/http/validation";

/**
 * fast-check arbitraries made from the contract's JSON Schemas (dereferenced): values a schema accepts, biased to
 * its edges, and values it refuses, each kind of refusal on its own. Both are checked with the server's own Ajv
 * (validation.ts), so "valid" means what the server accepts and "invalid" what it must answer 400.
 */

/**
 * Values that exist on the server, mixed in beside generated ones so that requests also reach what lies past
 * "not found": ids and e-mails it handed out, and values of fields by name (a country or industry from its lists,
 * a product, a payment method).
 */
export interface Known {
  uuid: () => readonly string[];
  email: () => readonly string[];
  named: (field: string) => readonly string[];
}

const ajv = createAjv(false);
const compiled = new WeakMap<JsonSchema, (value: unknown) => boolean>();

/** Whether the server's validation accepts the value: its Ajv (on a copy, as Ajv fills in defaults), no U+0000. */
export function accepts(schema: JsonSchema, value: unknown): boolean {
  let check = compiled.get(schema);
  if (!check) {
    // Wrapped: Ajv's strict mode refuses a `default` at a schema's root (parameters have them).
    const validate = ajv.compile({ type: "object", properties: { value: schema }, required: ["value"] });
    check = (value) => validate({ value: structuredClone(value) });
    compiled.set(schema, check);
  }
  return check(value) && nulAt(value) === undefined;
}

const asSchema = (value: unknown): JsonSchema | undefined =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as JsonSchema) : undefined;
const asSchemas = (value: unknown): JsonSchema[] =>
  Array.isArray(value) ? value.map(asSchema).filter((v): v is JsonSchema => v !== undefined) : [];
const numberOf = (schema: JsonSchema, key: string): number | undefined =>
  typeof schema[key] === "number" ? schema[key] : undefined;
const stringOf = (schema: JsonSchema, key: string): string | undefined =>
  typeof schema[key] === "string" ? schema[key] : undefined;
const stringsOf = (schema: JsonSchema, key: string): string[] => {
  const value = schema[key];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
};

type JsonType = "string" | "integer" | "number" | "boolean" | "null" | "array" | "object";
const jsonTypes: JsonType[] = ["string", "integer", "number", "boolean", "null", "array", "object"];

function typesOf(schema: JsonSchema): JsonType[] {
  const type = schema.type;
  const listed = Array.isArray(type) ? type : type === undefined ? [] : [type];
  const known = listed.filter((t): t is JsonType => jsonTypes.includes(t));
  if (known.length > 0) return known;
  if (schema.properties !== undefined) return ["object"];
  // A bare oneOf (CreateBrandRequest): the types of its branches.
  return [...new Set(asSchemas(schema.oneOf ?? schema.anyOf).flatMap(typesOf))];
}

/** Characters that look like nothing: a field of them is as empty as no field. */
const blank = fc.constantFrom(" ", "\t", "\n", "\u00a0", "\u200b", "\u3000");

/** Text as users and attackers type it: ASCII, any Unicode (lone surrogates and NUL included), or blank. */
function text(minLength: number, maxLength: number): fc.Arbitrary<string> {
  const length = fc.oneof(
    fc.constant(minLength),
    fc.constant(maxLength),
    fc.integer({ min: minLength, max: maxLength }),
  );
  return length.chain((n) =>
    fc.oneof(
      fc.string({ minLength: n, maxLength: n, unit: "grapheme-ascii" }),
      fc.string({ minLength: n, maxLength: n, unit: "binary" }),
      fc.string({ minLength: n, maxLength: n, unit: "grapheme" }),
      fc.string({ minLength: n, maxLength: n, unit: blank }),
    ),
  );
}

/** Text as the server takes it: U+0000 is refused in every field (validation.ts). */
function storableText(minLength: number, maxLength: number): fc.Arbitrary<string> {
  return text(minLength, maxLength).filter((value) => !value.includes("\u0000"));
}

/** Pick the i-th known value, or a generated one while none is known yet. */
function knownOr<T>(known: () => readonly string[], generated: fc.Arbitrary<T>): fc.Arbitrary<T | string> {
  return fc.oneof(
    generated,
    fc.tuple(fc.nat(), generated).map(([i, fallback]): T | string => {
      const values = known();
      return values.length > 0 ? (values[i % values.length] ?? fallback) : fallback;
    }),
  );
}

/** URIs that RFC 3986 takes but a WHATWG parser does not, and other near misses. */
const oddUris = [
  "http://999.999.999.999/",
  "https://lumora.coffee:65536/",
  "https://lumora.coffee:99999999/",
  "http://[::1/",
  "http://a b.com/",
  "mailto:maya@lumora.coffee",
  "javascript:alert(1)",
  "//lumora.coffee",
  "https://",
  "HTTPS://LUMORA.COFFEE/%zz",
];

function formatted(format: string, known: Known): fc.Arbitrary<string> | undefined {
  switch (format) {
    case "uuid":
      return knownOr(known.uuid, fc.uuid());
    case "email":
      return knownOr(known.email, fc.emailAddress());
    case "uri":
      return fc.oneof(
        { weight: 4, arbitrary: fc.webUrl({ withQueryParameters: true, withFragments: true }) },
        { weight: 1, arbitrary: fc.constantFrom("https://lumora.coffee", "http://127.0.0.1:1/", ...oddUris) },
      );
    case "date":
      return fc
        .date({ min: new Date("1900-01-01"), max: new Date("2100-12-31"), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case "date-time":
      return fc
        .date({ min: new Date("1900-01-01"), max: new Date("2100-12-31"), noInvalidDate: true })
        .map((d) => d.toISOString());
    default:
      return undefined;
  }
}

function validString(schema: JsonSchema, known: Known): fc.Arbitrary<string> {
  const minLength = numberOf(schema, "minLength") ?? 0;
  const maxLength = Math.min(numberOf(schema, "maxLength") ?? 300, 5000);
  const format = stringOf(schema, "format");
  const pattern = stringOf(schema, "pattern");
  const byFormat = format === undefined ? undefined : formatted(format, known);
  if (byFormat) return byFormat;
  return pattern ? fc.stringMatching(new RegExp(pattern), { maxLength }) : storableText(minLength, maxLength);
}

function validNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = numberOf(schema, "minimum") ?? (integer ? -(2 ** 31) : -1e9);
  const max = numberOf(schema, "maximum") ?? (integer ? 2 ** 31 - 1 : 1e9);
  const inside = integer
    ? fc.integer({ min, max })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  return fc.oneof(fc.constantFrom(min, max), inside);
}

function validObject(schema: JsonSchema, known: Known): fc.Arbitrary<Record<string, unknown>> {
  const properties = asSchema(schema.properties) ?? {};
  const required = stringsOf(schema, "required");
  // `oneOf: [{required: [a]}, {required: [b]}]` beside properties: exactly one of a and b.
  const choices = asSchemas(schema.oneOf).map((branch) => stringsOf(branch, "required"));
  const model = (only: string[]) =>
    Object.fromEntries(
      Object.entries(properties).flatMap(([name, property]) => {
        const excluded = choices.some((keys) => keys.includes(name)) && !only.includes(name);
        const sub = asSchema(property);
        return excluded || !sub ? [] : [[name, namedValue(name, sub, known)]];
      }),
    );
  const record = (only: string[]) =>
    fc.record(model(only), { requiredKeys: [...required, ...only].filter((k) => k in properties) });
  const objects = choices.length > 0 ? fc.oneof(...choices.map((only) => record(only))) : record([]);
  if (Object.keys(properties).length === 0 && schema.additionalProperties !== false) {
    return fc.dictionary(fc.string({ maxLength: 20 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 });
  }
  return objects;
}

/**
 * Values the schema accepts: every kind it allows, lengths and bounds at their edges as often as between, and
 * the contract's own examples (a password strong enough, a whole valid body).
 */
export function validValue(schema: JsonSchema, known: Known): fc.Arbitrary<unknown> {
  const generated = generatedValue(schema, known);
  const examples = Array.isArray(schema.examples) ? schema.examples : [];
  if (examples.length === 0) return generated;
  const properties = Object.entries(asSchema(schema.properties) ?? {});
  const objects = examples.map(asSchema).filter((e): e is JsonSchema => e !== undefined);
  if (objects.length === 0 || properties.length === 0)
    return fc.oneof(generated, fc.constantFrom(...examples));
  // An example with one field generated: each field's values get past the checks of the others.
  const variant = fc
    .tuple(fc.constantFrom(...objects), fc.constantFrom(...properties))
    .chain(([example, [name, property]]) =>
      namedValue(name, asSchema(property) ?? {}, known).map((value) => ({ ...example, [name]: value })),
    )
    .filter((value) => accepts(schema, value));
  return fc.oneof(generated, fc.constantFrom(...examples), variant);
}

/** The contract's example objects of a schema, else generated valid ones: what a refusal of one field starts from. */
function baseObjects(schema: JsonSchema, known: Known): fc.Arbitrary<Record<string, unknown>> {
  const examples = (Array.isArray(schema.examples) ? schema.examples : [])
    .map(asSchema)
    .filter((e): e is JsonSchema => e !== undefined);
  const generated = validObject(schema, known);
  return examples.length > 0 ? fc.oneof(fc.constantFrom(...examples), generated) : generated;
}

function generatedValue(schema: JsonSchema, known: Known): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const branches = asSchemas(schema.oneOf ?? schema.anyOf);
  if (branches.length > 0 && schema.type === undefined && schema.properties === undefined) {
    return fc.oneof(...branches.map((branch) => validValue(branch, known)));
  }
  const types = typesOf(schema);
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 });
  const byType: Record<JsonType, () => fc.Arbitrary<unknown>> = {
    string: () => validString(schema, known),
    integer: () => validNumber(schema, true),
    number: () => validNumber(schema, false),
    boolean: () => fc.boolean(),
    null: () => fc.constant(null),
    array: () => {
      const items = asSchema(schema.items) ?? {};
      const minLength = numberOf(schema, "minItems") ?? 0;
      const maxLength = Math.max(minLength, Math.min(numberOf(schema, "maxItems") ?? 4, 4));
      return fc.array(validValue(items, known), { minLength, maxLength });
    },
    object: () => validObject(schema, known),
  };
  const arbitraries = types.map((type) => byType[type]());
  return fc.oneof(...arbitraries).filter((value) => accepts(schema, value));
}

/** A value of a JSON type the schema does not allow (none when it allows any). */
function wrongType(schema: JsonSchema): fc.Arbitrary<unknown>[] {
  const allowed = typesOf(schema);
  if (allowed.length === 0) return [];
  const others: Record<JsonType, fc.Arbitrary<unknown>> = {
    string: fc.string({ maxLength: 10 }),
    integer: fc.integer(),
    number: fc.double({ noNaN: true, noDefaultInfinity: true }),
    boolean: fc.boolean(),
    null: fc.constant(null),
    array: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
    object: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  };
  const candidates = jsonTypes
    .filter((type) => !allowed.includes(type) && !(type === "integer" && allowed.includes("number")))
    .map((type) => others[type]);
  return candidates.length > 0 ? [fc.oneof(...candidates)] : [];
}

/** Strings past the length bounds, up to huge ones, and strings that miss the pattern, format or enum. */
function invalidStrings(schema: JsonSchema): fc.Arbitrary<unknown>[] {
  const minLength = numberOf(schema, "minLength") ?? 0;
  const maxLength = numberOf(schema, "maxLength");
  const kinds: fc.Arbitrary<unknown>[] = [];
  if (maxLength !== undefined) kinds.push(text(maxLength + 1, maxLength + 64));
  kinds.push(fc.integer({ min: 10_000, max: 200_000 }).map((n) => "é".repeat(n)));
  if (minLength > 0) kinds.push(text(0, minLength - 1));
  if (schema.pattern !== undefined || schema.format !== undefined || schema.enum !== undefined) {
    kinds.push(text(0, 40), fc.constantFrom(...oddUris, "2026-02-30", "not-a-uuid", " ", "\u0000"));
  }
  return kinds;
}

function invalidNumbers(schema: JsonSchema, integer: boolean): fc.Arbitrary<unknown>[] {
  const min = numberOf(schema, "minimum");
  const max = numberOf(schema, "maximum");
  const kinds: fc.Arbitrary<unknown>[] = [fc.constantFrom(1e20, -1e20, 2 ** 53 + 2, Number.MAX_VALUE)];
  if (min !== undefined) kinds.push(fc.integer({ min: min - 1000, max: min - 1 }));
  if (max !== undefined) kinds.push(fc.integer({ min: max + 1, max: max + 1000 }));
  if (integer) kinds.push(fc.double({ min: -1000, max: 1000, noInteger: true }));
  return kinds;
}

function invalidObjects(schema: JsonSchema, known: Known): fc.Arbitrary<unknown>[] {
  const properties = Object.entries(asSchema(schema.properties) ?? {}).flatMap(([name, property]) => {
    const sub = asSchema(property);
    return sub ? [[name, sub] as const] : [];
  });
  if (properties.length === 0) return [];
  const valid = baseObjects(schema, known);
  const kinds: fc.Arbitrary<unknown>[] = [];
  const required = stringsOf(schema, "required");
  if (required.length > 0) {
    kinds.push(
      fc.tuple(valid, fc.constantFrom(...required)).map(([object, name]) => {
        const { [name]: _dropped, ...rest } = object;
        return rest;
      }),
    );
  }
  if (schema.additionalProperties === false) {
    const extra = fc.constantFrom("__proto__x", "admin", "id", "workspaceId", "ü", "");
    kinds.push(
      fc.tuple(valid, extra, fc.jsonValue({ maxDepth: 1 })).map(([object, name, value]) => ({
        ...object,
        [name]: value,
      })),
    );
  }
  // One property invalid, the others valid: reaches the check of each field.
  kinds.push(
    fc
      .constantFrom(...properties)
      .chain(([name, property]) =>
        fc
          .tuple(valid, invalidValue(property, known) ?? fc.constant(undefined))
          .map(([object, value]) => (value === undefined ? object : { ...object, [name]: value })),
      ),
  );
  return kinds;
}

/** A valid value of a named field (an object's property, a parameter), or a value the server gave that name. */
export function namedValue(name: string, schema: JsonSchema, known: Known): fc.Arbitrary<unknown> {
  const generated = validValue(schema, known);
  return fc.oneof(
    generated,
    knownOr(() => known.named(name), generated),
  );
}

/**
 * Values the schema refuses: wrong types, values past each bound, missing and extra properties; undefined for a
 * schema that takes anything.
 */
export function invalidValue(schema: JsonSchema, known: Known): fc.Arbitrary<unknown> | undefined {
  const types = typesOf(schema);
  const kinds: fc.Arbitrary<unknown>[] = wrongType(schema);
  if (types.includes("string") || Array.isArray(schema.enum)) kinds.push(...invalidStrings(schema));
  if (types.includes("integer") || types.includes("number"))
    kinds.push(...invalidNumbers(schema, !types.includes("number")));
  if (types.includes("object")) kinds.push(...invalidObjects(schema, known));
  if (types.includes("array")) {
    const items = asSchema(schema.items) ?? {};
    const maxItems = numberOf(schema, "maxItems");
    if (maxItems !== undefined)
      kinds.push(fc.array(validValue(items, known), { minLength: maxItems + 1, maxLength: maxItems + 3 }));
    const invalidItem = invalidValue(items, known);
    if (invalidItem) kinds.push(fc.array(invalidItem, { minLength: 1, maxLength: 2 }));
  }
  for (const branch of asSchemas(schema.oneOf ?? schema.anyOf)) {
    const invalidBranch = typesOf(branch).length > 0 ? invalidValue(branch, known) : undefined;
    if (invalidBranch) kinds.push(invalidBranch);
  }
  if (kinds.length === 0) return undefined;
  return fc.oneof(...kinds).filter((value) => value !== undefined && !accepts(schema, value));
}

/** Mostly valid values (so requests reach the handlers), a third refused ones, and now and then any JSON. */
export function fuzzValue(schema: JsonSchema, known: Known, name?: string): fc.Arbitrary<unknown> {
  const invalid = invalidValue(schema, known);
  return fc.oneof(
    { weight: 5, arbitrary: name ? namedValue(name, schema, known) : validValue(schema, known) },
    ...(invalid ? [{ weight: 3, arbitrary: invalid }] : []),
    { weight: 1, arbitrary: fc.jsonValue() },
  );
}
