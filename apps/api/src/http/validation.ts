import Ajv2020, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { fullFormats } from "ajv-formats/dist/formats.js";
import { AppError, type ErrorDetail } from "../kernel/errors";
import type { ContractOperation, ContractParameter, JsonSchema } from "./contract";

const rfc3986Uri = fullFormats.uri;

/**
 * `format: uri` is RFC 3986, which takes `http://999.999.999.999/` or a port above 65535; the server reads URLs
 * with the WHATWG parser (`new URL`), which refuses them. A URI must pass both, so the caller gets a 400 naming
 * the field rather than a failure further on.
 */
function isUsableUri(value: string): boolean {
  return typeof rfc3986Uri === "function" && rfc3986Uri(value) && URL.canParse(value);
}

/** Ajv for the contract's schemas (JSON Schema 2020-12 plus OpenAPI's keywords and formats). */
export function createAjv(coerceTypes: false | "array") {
  const ajv = new Ajv2020({
    allErrors: true,
    // Refuse what additionalProperties: false forbids instead of silently dropping it.
    removeAdditional: false,
    useDefaults: true,
    coerceTypes,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
  });
  addFormats(ajv);
  ajv.addFormat("uri", { type: "string", validate: isUsableUri });
  // OpenAPI's annotation keywords and formats that JSON Schema does not know.
  ajv.addVocabulary(["example", "xml", "externalDocs", "discriminator"]);
  ajv.addFormat("int32", {
    type: "number",
    validate: (n) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31,
  });
  ajv.addFormat("int64", { type: "number", validate: (n) => Number.isInteger(n) });
  ajv.addFormat("byte", /^[A-Za-z0-9+/]*={0,2}$/);
  for (const format of ["float", "double", "password", "binary"]) ajv.addFormat(format, true);
  return ajv;
}

// Path, query and header values arrive as strings: those are coerced to the schema's types. Bodies are not.
const parameterAjv = createAjv("array");
const bodyAjv = createAjv(false);

type Location = "path" | "query" | "header" | "body";

export interface RequestParts {
  params: unknown;
  query: unknown;
  headers: unknown;
  body: unknown;
}

/** Compiles the operation's parameter and JSON body schemas into one check that throws VALIDATION_FAILED. */
export function compileRequestValidator(
  op: ContractOperation,
): (parts: RequestParts, mediaType?: string) => void {
  const checks: [Location, keyof RequestParts, ValidateFunction][] = [];
  for (const location of ["path", "query", "header"] as const) {
    const params = op.parameters.filter((p) => p.in === location);
    if (params.length > 0) {
      const part = location === "path" ? "params" : location === "query" ? "query" : "headers";
      checks.push([location, part, parameterAjv.compile(objectOf(params, location === "header"))]);
    }
  }
  // A form's fields are strings (the parser in routes.ts makes the object), checked like a JSON body.
  const bodies = new Map<string, ValidateFunction>();
  for (const type of ["application/json", "application/x-www-form-urlencoded"]) {
    const schema = op.requestBody?.content[type];
    if (schema) bodies.set(type, bodyAjv.compile(schema));
  }

  return (parts, mediaType) => {
    for (const [location, part, validate] of checks) {
      if (!validate(parts[part])) throw validationError(location, validate.errors ?? []);
      refuseNul(location, parts[part]);
    }
    // Other media types (multipart) are the handler's to read; the content-type guard ran before.
    const body = mediaType === undefined ? undefined : bodies.get(mediaType);
    if (body && !body(parts.body ?? null)) {
      throw validationError("body", body.errors ?? []);
    }
    if (body) refuseNul("body", parts.body);
  };
}

const NUL_MESSAGE = "must not contain the character U+0000";

/** A key as a JSON pointer segment (as Ajv writes paths), with U+0000 spelled out. */
const segment = (key: string) =>
  key.replaceAll("~", "~0").replaceAll("/", "~1").replaceAll("\u0000", "\\u0000");

/** Where in a value a string (or an object's key) holds U+0000, as a JSON pointer; undefined when none does. */
export function nulAt(value: unknown, path = ""): string | undefined {
  if (typeof value === "string") return value.includes("\u0000") ? path : undefined;
  if (typeof value !== "object" || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = `${path}/${segment(key)}`;
    const found = key.includes("\u0000") ? at : nulAt(item, at);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** PostgreSQL text cannot hold U+0000, and no field has a use for it: refused like any invalid value. */
function refuseNul(location: Location, value: unknown): void {
  const path = nulAt(value);
  if (path === undefined) return;
  throw new AppError("VALIDATION_FAILED", 400, `${location}${path} ${NUL_MESSAGE}`, [
    { path, message: NUL_MESSAGE },
  ]);
}

function objectOf(params: ContractParameter[], lowerCaseNames: boolean): JsonSchema {
  const name = (p: ContractParameter) => (lowerCaseNames ? p.name.toLowerCase() : p.name);
  return {
    type: "object",
    properties: Object.fromEntries(params.map((p) => [name(p), p.schema])),
    required: params.filter((p) => p.required).map(name),
  };
}

function validationError(location: Location, errors: ErrorObject[]): AppError {
  const details = errors.slice(0, 20).map(toDetail);
  const first = errors[0];
  const message = first ? `${location}${first.instancePath} ${first.message}` : `${location} is invalid`;
  return new AppError("VALIDATION_FAILED", 400, message, details);
}

function toDetail(error: ErrorObject): ErrorDetail {
  const { missingProperty, additionalProperty } = error.params as Record<string, string | undefined>;
  const field = missingProperty ?? additionalProperty;
  const path = field === undefined ? error.instancePath : `${error.instancePath}/${field}`;
  return { ...(path ? { path } : {}), message: error.message ?? "is invalid" };
}
