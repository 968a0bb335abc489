import type { FastifyInstance } from "fastify";
import { expectContractResponse } from "./contract-response";

/** A multipart/form-data body with one file (CSV unless a type is given) and text fields, for inject(). */
export function multipart(
  file: { name: string; data: Buffer; type?: string },
  fields: Record<string, string> = {},
) {
  const boundary = `----brandscope${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const payload = Buffer.concat([
    ...parts,
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type ?? "text/csv"}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST /api/brand/imports as the Data sources screen sends it, the answer checked against the contract. */
export async function uploadExport(
  app: { inject: FastifyInstance["inject"] },
  authorization: string,
  file: { name: string; data: Buffer; type?: string },
  fields: Record<string, string> = {},
) {
  const { payload, contentType } = multipart(file, fields);
  const response = await app.inject({
    method: "POST",
    url: "/api/brand/imports",
    payload,
    headers: { authorization, "content-type": contentType },
  });
  expectContractResponse("createImport", response);
  return response;
}
