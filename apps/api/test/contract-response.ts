import { dereference } from "@readme/openapi-parser";
import type { LightMyRequestResponse } from "fastify";
import { z } from "zod";
import { contractPath } from "../src/http/contract";
import { createAjv } from "../src/http/validation";

const schemaObject = z.record(z.string(), z.unknown());
const responseSchema = z.object({
  content: z.record(z.string(), z.object({ schema: schemaObject.optional() })).optional(),
});
const operationSchema = z.object({
  operationId: z.string(),
  responses: z.record(z.string(), responseSchema),
});
const documentSchema = z.object({
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.object({ schemas: z.object({ Error: schemaObject }) }),
});

const document = documentSchema.parse(await dereference(contractPath));
const responses = new Map<string, Record<string, z.output<typeof responseSchema>>>();
for (const item of Object.values(document.paths)) {
  for (const value of Object.values(item)) {
    const operation = operationSchema.safeParse(value);
    if (operation.success) responses.set(operation.data.operationId, operation.data.responses);
  }
}
const ajv = createAjv(false);

const errorBody = ajv.compile(document.components.schemas.Error);

/** The statuses the contract lists for an operation. */
export function listedStatuses(operationId: string): number[] {
  return Object.keys(responses.get(operationId) ?? {}).map(Number);
}

/**
 * Fastify serialises responses without checking them, so tests do: a success status must be one the
 * contract lists for the operation, with its media type and a body valid against its schema; any failure
 * must carry the shared Error body.
 */
export function expectContractResponse(operationId: string, response: LightMyRequestResponse): void {
  const listed = responses.get(operationId);
  if (!listed) throw new Error(`No operation ${operationId} in the contract`);
  const status = String(response.statusCode);
  const documented = listed[status];
  if (!documented) {
    if (response.statusCode < 400)
      throw new Error(`${operationId} answered ${status}, not listed in the contract`);
    check(errorBody, response, `${operationId} ${status}`);
    return;
  }
  if (!documented.content) {
    if (response.body !== "") throw new Error(`${operationId} ${status} must have no body`);
    return;
  }
  const contentType = response.headers["content-type"]?.toString().split(";")[0] ?? "";
  const media = documented.content[contentType];
  if (!media) throw new Error(`${operationId} ${status} answered ${contentType}, not listed in the contract`);
  if (media.schema && contentType === "application/json")
    check(ajv.compile(media.schema), response, `${operationId} ${status}`);
}

function check(
  validate: ReturnType<typeof ajv.compile>,
  response: LightMyRequestResponse,
  what: string,
): void {
  if (!validate(response.json())) {
    throw new Error(`${what} does not match the contract: ${ajv.errorsText(validate.errors)}`);
  }
}
