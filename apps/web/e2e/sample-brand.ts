import { setTimeout as sleep } from "node:timers/promises";
import { inject } from "vitest";

type Login = { idToken: string };
type BrandSummary = { id: string; name: string; sample: boolean };

async function call(login: Login, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${inject("baseUrl")}/api${path}`, {
    method,
    headers: {
      Accept: "application/json",
      Authorization: `Bearer ${login.idToken}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/**
 * Connects the sample brand for the account's workspace (POST /brand {sample: true}), with the competitors its
 * plan allows. Right after the server's first start the sample data set may still be loading (503
 * SAMPLE_UNAVAILABLE): asks again until it is there.
 */
export async function connectSampleBrand(
  login: Login,
  { timeoutMs = 120_000 } = {},
): Promise<{ brand: BrandSummary; competitors: BrandSummary[] }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await call(login, "POST", "/brand", { sample: true });
    if (response.ok) {
      const brand = (await response.json()) as BrandSummary;
      const listed = await call(login, "GET", "/brand/competitor");
      if (!listed.ok)
        throw new Error(`GET /brand/competitor answered ${listed.status}: ${await listed.text()}`);
      const { competitors } = (await listed.json()) as { competitors: BrandSummary[] };
      return { brand, competitors };
    }
    if (response.status !== 503 || Date.now() > deadline) {
      throw new Error(`POST /brand {sample: true} answered ${response.status}: ${await response.text()}`);
    }
    await sleep(1_000);
  }
}
