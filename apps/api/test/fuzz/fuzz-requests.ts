import fc from "fast-check";
import type { ContractOperation, ContractParameter, JsonSchema } from "../../src/http/contract";
import { fuzzValue, type Known } from "./schema-arbitraries";

/** One generated request, in the shape `app.inject()` takes (without the caller's headers). */
export interface FuzzRequest {
  method: ContractOperation["method"];
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** Each byte as it travels in a URL: unreserved characters as they are, any other byte percent-encoded. */
const ENCODED_BYTES = Array.from({ length: 256 }, (_, byte) => {
  const char = String.fromCharCode(byte);
  return /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
});

/** Percent-encodes any string as UTF-8 (a lone surrogate becomes U+FFFD, as a browser sends it). */
function encode(value: string): string {
  let encoded = "";
  for (const byte of Buffer.from(value, "utf8")) encoded += ENCODED_BYTES[byte];
  return encoded;
}

/** How a value travels in a path or query: arrays repeat the parameter, objects as JSON. */
function asTexts(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(asTexts);
  if (typeof value === "object" && value !== null) return [JSON.stringify(value)];
  return [String(value)];
}

/** Path segments and query values a router or a decoder may trip on, sent as typed (not encoded again). */
const rawOddities = fc.constantFrom("%", "%zz", "%E0%A4%A", "%00", "..", "%2F..%2F", "a%2Fb", "%C0%AF", "+");

function parameterValue(parameter: ContractParameter, known: Known): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 8,
      arbitrary: fuzzValue(parameter.schema, known, parameter.name).map((value) =>
        encode(asTexts(value)[0] ?? ""),
      ),
    },
    { weight: 1, arbitrary: rawOddities },
  );
}

function queryPart(parameters: ContractParameter[], known: Known): fc.Arbitrary<string> {
  const pairs = parameters.map((parameter) =>
    fc
      .option(
        fc.oneof(
          {
            weight: 8,
            arbitrary: fuzzValue(parameter.schema, known, parameter.name).map((v) => asTexts(v).map(encode)),
          },
          { weight: 1, arbitrary: rawOddities.map((raw) => [raw]) },
        ),
        // Required parameters are left out now and then too; optional ones half of the time.
        { freq: parameter.required ? 10 : 2, nil: undefined },
      )
      .map((texts) => (texts === undefined ? [] : texts.map((text) => `${encode(parameter.name)}=${text}`))),
  );
  const extra = fc.option(
    fc
      .tuple(fc.string({ minLength: 1, maxLength: 12 }), fc.string({ maxLength: 40 }))
      .map(([k, v]) => [`${encode(k)}=${encode(v)}`]),
    { freq: 6, nil: undefined },
  );
  return fc
    .tuple(fc.tuple(...pairs), extra)
    .map(([parts, more]) => [...parts.flat(), ...(more ?? [])].join("&"));
}

/** A JSON body: the schema's values, any JSON, nothing, or bytes that are not JSON at all. */
function jsonBody(schema: JsonSchema, required: boolean, known: Known): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 12, arbitrary: fuzzValue(schema, known).map((value) => JSON.stringify(value)) },
    { weight: required ? 1 : 3, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom("{", "", "null", '{"a":1}{', "\u0000", '{"__proto__":{"x":1}}') },
  );
}

/** A form body (application/x-www-form-urlencoded): the schema's fields as text. */
function formBody(schema: JsonSchema, known: Known): fc.Arbitrary<string> {
  return fuzzValue(schema, known).map((value) => {
    if (typeof value !== "object" || value === null || Array.isArray(value))
      return encode(asTexts(value)[0] ?? "");
    return Object.entries(value)
      .flatMap(([name, field]) => asTexts(field).map((text) => `${encode(name)}=${encode(text)}`))
      .join("&");
  });
}

/** Requests for one operation, from its parameters' and JSON or form body's schemas. */
export function requestsFor(op: ContractOperation, known: Known): fc.Arbitrary<FuzzRequest> {
  const pathParameters = op.parameters.filter((p) => p.in === "path");
  const path = fc
    .tuple(...pathParameters.map((p) => parameterValue(p, known)))
    .map((values) =>
      pathParameters.reduce((url, p, i) => url.replace(`{${p.name}}`, values[i] || "%20"), `/api${op.path}`),
    );
  const query = queryPart(
    op.parameters.filter((p) => p.in === "query"),
    known,
  );
  const json = op.requestBody?.content["application/json"];
  const form = op.requestBody?.content["application/x-www-form-urlencoded"];
  const body: fc.Arbitrary<{ type?: string; payload?: string }> = json
    ? jsonBody(json, op.requestBody?.required ?? false, known).map((payload) =>
        payload === undefined ? {} : { type: "application/json", payload },
      )
    : form
      ? formBody(form, known).map((payload) => ({ type: "application/x-www-form-urlencoded", payload }))
      : fc.constant({});
  return fc.tuple(path, query, body).map(([url, search, { type, payload }]): FuzzRequest => {
    const headers: Record<string, string> = type ? { "content-type": type } : {};
    return {
      method: op.method,
      url: search ? `${url}?${search}` : url,
      headers,
      ...(payload === undefined ? {} : { payload }),
    };
  });
}
