import type { components } from "./schema.gen";

type ErrorBody = components["schemas"]["Error"];
type ErrorDetail = NonNullable<ErrorBody["details"]>[number];

export const NO_RESPONSE_MESSAGE = "No response received from server";
const UNEXPECTED_MESSAGE = "An unexpected error occurred";

// docs/product.md §8. 401 is absent on purpose: it shows the server's message.
const statusMessages: Readonly<Record<number, string>> = {
  400: "Bad Request",
  403: "Forbidden",
  404: "Not Found",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

interface ApiErrorInit {
  status?: number;
  code?: string;
  serverMessage?: string;
  requestId?: string;
  details?: ErrorDetail[];
  cause?: unknown;
}

/**
 * `message` is always the docs/product.md §8 catalogue text, fit to show. What the server said is kept beside it
 * (`serverMessage`, `code`, `details`) so a form can show field errors or route on a code without
 * breaking the catalogue.
 */
export class ApiError extends Error {
  override name = "ApiError";
  readonly status?: number;
  readonly code?: string;
  readonly serverMessage?: string;
  readonly requestId?: string;
  readonly details?: ErrorDetail[];

  constructor(message: string, init: ApiErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.serverMessage = init.serverMessage;
    this.requestId = init.requestId;
    this.details = init.details;
  }
}

function catalogueMessage(status: number, statusText: string, serverMessage?: string): string {
  if (status === 401) return serverMessage || "Unauthorized";
  return statusMessages[status] ?? (statusText || UNEXPECTED_MESSAGE);
}

/** Builds the error for a non-2xx response; `body` is whatever openapi-fetch parsed, trusted for nothing. */
function errorFromResponse(response: Response, body: unknown): ApiError {
  const parsed = readErrorBody(body);
  return new ApiError(catalogueMessage(response.status, response.statusText, parsed.message), {
    status: response.status,
    code: parsed.code,
    serverMessage: parsed.message,
    requestId: parsed.requestId ?? response.headers.get("X-Request-Id") ?? undefined,
    details: parsed.details,
  });
}

/** Any thrown value as an ApiError: no response, or "the error's own message". */
function toApiError(thrown: unknown): ApiError {
  if (thrown instanceof ApiError) return thrown;
  // A timeout can also strike while the body is being read, after our fetch has returned.
  if (thrown instanceof Error && thrown.name === "TimeoutError") {
    return new ApiError(NO_RESPONSE_MESSAGE, { cause: thrown });
  }
  if (thrown instanceof Error) return new ApiError(thrown.message || UNEXPECTED_MESSAGE, { cause: thrown });
  if (typeof thrown === "string" && thrown) return new ApiError(thrown);
  return new ApiError(UNEXPECTED_MESSAGE, { cause: thrown });
}

/** What an openapi-fetch call resolves to: `data` on success, `error` (the parsed body) otherwise. */
type CallResult = { data?: unknown; error?: unknown; response: Response };
type SuccessData<Result> = Result extends { data: infer Data; error?: never } ? Data : never;

/** Resolves an openapi-fetch call to its data, or throws an ApiError. */
export async function unwrap<Result extends CallResult>(call: Promise<Result>): Promise<SuccessData<Result>> {
  let result: Result;
  try {
    result = await call;
  } catch (thrown) {
    throw toApiError(thrown);
  }
  if (!result.response.ok) throw errorFromResponse(result.response, result.error);
  // A 2xx is the success shape; openapi-fetch leaves `data` undefined only for an empty body.
  return result.data as SuccessData<Result>;
}

/** The text to show for anything thrown ("API functions rethrow only the message text"). */
export function errorMessage(thrown: unknown): string {
  return toApiError(thrown).message;
}

function readErrorBody(body: unknown): Partial<ErrorBody> {
  if (typeof body !== "object" || body === null) return {};
  const record: Record<string, unknown> = { ...body };
  return {
    message: nonEmptyString(record.message),
    code: nonEmptyString(record.code),
    requestId: nonEmptyString(record.requestId),
    details: Array.isArray(record.details) ? record.details.flatMap(readDetail) : undefined,
  };
}

function readDetail(item: unknown): ErrorDetail[] {
  if (typeof item !== "object" || item === null) return [];
  const record: Record<string, unknown> = { ...item };
  const message = nonEmptyString(record.message);
  if (!message) return [];
  const path = nonEmptyString(record.path);
  return [path === undefined ? { message } : { path, message }];
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}
