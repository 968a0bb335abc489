import { resolve } from "node:path";
import { dereference } from "@readme/openapi-parser";
import { z } from "zod";
import { repoRoot } from "../config/env";

export const contractPath = resolve(repoRoot, "openapi/openapi.yaml");

/** A JSON Schema from the contract, handed to Ajv as is. */
export type JsonSchema = Record<string, unknown>;

export interface ContractParameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required: boolean;
  schema: JsonSchema;
}

/** The roles of a workspace, least first (docs/decisions.md "Workspaces and team"). */
export const roles = ["member", "admin", "owner"] as const;
export type Role = (typeof roles)[number];

export interface ContractOperation {
  id: string;
  summary: string;
  method: "GET" | "PUT" | "POST" | "DELETE" | "PATCH";
  /** As written in the contract, e.g. `/audience/{id}`. */
  path: string;
  /** Requires a bearer token (the contract's security is not empty). */
  secured: boolean;
  parameters: ContractParameter[];
  requestBody: { required: boolean; content: Record<string, JsonSchema | undefined> } | undefined;
  /** The handler needs the body's exact bytes as well (a signed webhook): `x-raw-body: true` in the contract. */
  keepsRawBody: boolean;
  /**
   * The answer carries a secret (tokens of a sign-in): `x-secret-answer: true` in the contract. Never compressed
   * (http/compression.ts).
   */
  carriesSecrets: boolean;
  /**
   * The least role in the workspace a secured operation needs: its `x-role`, which every secured write must declare
   * (loading refuses one without); a read without it needs `member`.
   */
  role: Role;
  /**
   * The operation reads or changes one of the workspace's brands, which the caller may choose with the
   * `X-Brand-Id` header the contract declares on it (the BrandHeader parameter).
   */
  brandScoped: boolean;
  /** The first 2xx response (else 3xx: the handler redirects): what a handler's return value is sent as. */
  success: { status: number; contentType: string | undefined };
}

const schemaObject = z.record(z.string(), z.unknown());
const parameterSchema = z.object({
  name: z.string(),
  in: z.enum(["path", "query", "header", "cookie"]),
  required: z.boolean().default(false),
  schema: schemaObject.default({}),
});
const securitySchema = z.array(z.record(z.string(), z.array(z.string())));
const operationSchema = z.object({
  operationId: z.string(),
  summary: z.string(),
  security: securitySchema.optional(),
  parameters: z.array(parameterSchema).default([]),
  requestBody: z
    .object({
      required: z.boolean().default(false),
      content: z.record(z.string(), z.object({ schema: schemaObject.optional() })),
    })
    .optional(),
  responses: z.record(z.string(), z.object({ content: z.record(z.string(), z.unknown()).optional() })),
  "x-raw-body": z.boolean().optional(),
  "x-secret-answer": z.boolean().optional(),
  "x-role": z.enum(roles).optional(),
});
const documentSchema = z.object({
  security: securitySchema.default([]),
  paths: z.record(
    z.string(),
    z.object({ parameters: z.array(parameterSchema).default([]) }).catchall(z.unknown()),
  ),
});

/** The header a brand-scoped operation takes its brand from, as Node lower-cases it. */
export const BRAND_HEADER = "x-brand-id";

const methods = { get: "GET", put: "PUT", post: "POST", delete: "DELETE", patch: "PATCH" } as const;

/**
 * Reads the OpenAPI document (a file path or an already parsed document), resolves every `$ref`, and
 * lists its operations in the shape the router needs.
 */
export async function loadContract(source: string | object = contractPath): Promise<ContractOperation[]> {
  // The parser's own document types describe every OpenAPI version; zod narrows to what the router reads.
  const document = documentSchema.parse(await dereference(source as Parameters<typeof dereference>[0]));
  const operations: ContractOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [key, method] of Object.entries(methods)) {
      if (item[key] === undefined) continue;
      const parsed = operationSchema.safeParse(item[key]);
      if (!parsed.success) {
        throw new Error(`Contract operation ${method} ${path} is malformed: ${parsed.error.message}`);
      }
      operations.push(toOperation(path, method, item.parameters, parsed.data, document.security));
    }
  }
  return operations;
}

function toOperation(
  path: string,
  method: ContractOperation["method"],
  pathParameters: ContractParameter[],
  op: z.output<typeof operationSchema>,
  defaultSecurity: z.output<typeof securitySchema>,
): ContractOperation {
  const security = op.security ?? defaultSecurity;
  // Operation parameters override path-level ones with the same name and location.
  const parameters = [...pathParameters, ...op.parameters].filter(
    (p, i, all) => !all.slice(i + 1).some((later) => later.name === p.name && later.in === p.in),
  );
  const statuses = Object.keys(op.responses).sort();
  const successStatus =
    statuses.find((status) => /^2\d\d$/.test(status)) ?? statuses.find((status) => /^3\d\d$/.test(status));
  if (!successStatus) throw new Error(`Contract operation ${op.operationId} has no 2xx or 3xx response`);
  const secured = security.length > 0 && security.every((requirement) => Object.keys(requirement).length > 0);
  if (secured && method !== "GET" && !op["x-role"]) {
    throw new Error(
      `Contract operation ${op.operationId} (${method} ${path}) changes something but declares no x-role: add x-role: owner, admin or member`,
    );
  }
  return {
    id: op.operationId,
    summary: op.summary,
    method,
    path,
    secured,
    parameters,
    brandScoped: parameters.some((p) => p.in === "header" && p.name.toLowerCase() === BRAND_HEADER),
    keepsRawBody: op["x-raw-body"] === true,
    carriesSecrets: op["x-secret-answer"] === true,
    role: op["x-role"] ?? "member",
    requestBody: op.requestBody && {
      required: op.requestBody.required,
      content: Object.fromEntries(
        Object.entries(op.requestBody.content).map(([type, media]) => [type.toLowerCase(), media.schema]),
      ),
    },
    success: {
      status: Number(successStatus),
      contentType: Object.keys(op.responses[successStatus]?.content ?? {})[0],
    },
  };
}
