import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ContractOperation, loadContract } from "../../src/http/contract";
import { bearer, caller, freshIp, MemoryMailer, registerUser, STRONG_PASSWORD } from "../api";
import { buildTestApp, type TestApp } from "../app";
import { expectContractResponse, listedStatuses } from "../contract-response";
import { type FuzzRequest, requestsFor } from "./fuzz-requests";
import { KnownValues } from "./known-values";
import { notReread, storedChecks, storedViolations } from "./stored-checks";

/**
 * Contract fuzzing: requests generated from every operation's parameter and body schemas (valid values at their
 * edges, refused ones of every kind, any JSON, unicode and huge strings, missing and extra fields) against the
 * real app on PostgreSQL. No answer may be a 5xx, every answer must match the contract, and what a write stored
 * must still satisfy the schema it was sent under. FUZZ_SEED replays a run (CI's is fixed, a local run's random), FUZZ_RUNS changes its size,
 * FUZZ_LOG=<operationId> prints each request of that operation with its answer.
 */

/**
 * CI runs one fixed seed, so a red build is the change's and replays exactly; a local run draws a new one each time
 * (printed with the tally below and in every failure), so the team's runs explore more than one path.
 */
const CI_SEED = 20261125;
const SEED = Number(
  process.env.FUZZ_SEED ?? (process.env.CI === "true" ? CI_SEED : Math.floor(Math.random() * 2 ** 31)),
);
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
/** Requests without a bearer (or with a forged one) to each signed-in operation. */
const ANONYMOUS_RUNS = Math.max(2, Math.round(RUNS / 8));

/** Operations not fuzzed here, and why. */
const skipped: Record<string, string> = {
  updateProfilePicture: "multipart upload: the hostile uploads suite covers it (helper/uploads)",
  createImport: "multipart upload: the hostile uploads suite covers it (helper/uploads)",
};
/** They end the caller's session, and take no input: each request gets a new signed-in account. */
const sessionEnding = new Set(["deactivateUser", "logOut"]);
/** When they succeed the caller's bearer ends (the account is gone, or names the workspace it left): a new caller. */
const callerEnding = new Set(["deleteUser", "acceptInvitation"]);
/** Callers set up otherwise than on Professional with the sample brand, and why. */
const callerSetups: Record<string, { brand?: "own"; plan?: "trial" }> = {
  // The sample brand's competitors fill the plan.
  addBrandCompetitor: { brand: "own" },
  // An owner paying for a plan must cancel it before joining another workspace.
  acceptInvitation: { plan: "trial" },
};

let t: TestApp;
const mailer = new MemoryMailer();
const operations = await loadContract();
/** Values every operation may use: the reference lists' countries, industries and products. */
const reference = new KnownValues();
/** Per operation: how many requests got which status. */
const tally = new Map<string, Map<number, number>>();
let setupRequests = 0;

beforeAll(async () => {
  // Writes queue real jobs (rows in PostgreSQL); no worker runs them, so no website is ever fetched.
  t = await buildTestApp({ jobs: true, jobWorkers: false, deps: { mailer } });
  // Values no list shows: a password strong enough, the test card, this app's callback page, social profiles.
  for (const [field, value] of [
    ["password", STRONG_PASSWORD],
    ["passwordConfirmation", STRONG_PASSWORD],
    ["cardNumber", "4242424242424242"],
    ["redirectUri", `${t.config.appUrl}/auth/callback/google`],
    ["socialLink", "https://www.instagram.com/lumora"],
    ["socialLink", "https://www.facebook.com/lumora"],
    ["socialLink", "https://www.tiktok.com/@lumora"],
    // A shared report's days and an expiry it accepts (within 90 days), so that some links are made.
    ["from", "2026-01-01"],
    ["to", "2026-01-31"],
    ["expiresAt", new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)],
  ] as const) {
    reference.add(`field:${field}`, value);
  }
  const authorization = await t.authorization();
  const lists = [
    ["listCountries", "/countries", ["country", "defaultCountry"]],
    ["listIndustries", "/industries", ["industry", "defaultIndustry"]],
    ["listProducts", "/subscriptions/products", ["productId"]],
  ] as const;
  for (const [operationId, url, fields] of lists) {
    const items = await setup(operationId, "GET", url, authorization);
    for (const item of Array.isArray(items) ? items : []) {
      const id = propertyOf(item, "productId") ?? propertyOf(item, "id");
      if (typeof id === "string") for (const field of fields) reference.add(`field:${field}`, id);
    }
  }
  return () => t.close();
});

afterAll(() => {
  const sum = (counts: Iterable<number>) => [...counts].reduce((a, b) => a + b, 0);
  const rows = operations.map((op) => {
    const statuses = [...(tally.get(op.id) ?? [])].sort(([a], [b]) => a - b);
    const seen = statuses.map(([status, n]) => `${status}×${n}`).join(" ");
    const total = sum(statuses.map(([, n]) => n));
    return `${op.id.padEnd(26)} ${String(total).padStart(5)}  ${skipped[op.id] ? `skipped: ${skipped[op.id]}` : seen}`;
  });
  const total = sum([...tally.values()].flatMap((statuses) => [...statuses.values()]));
  console.log(
    [
      `Contract fuzzing, seed ${SEED} (FUZZ_SEED), ${RUNS} runs per operation (FUZZ_RUNS): ${total} requests` +
        ` (and ${setupRequests} to set up callers)`,
      `${"operation".padEnd(26)} ${"reqs".padStart(5)}  statuses`,
      ...rows,
    ].join("\n"),
  );
});

const propertyOf = (value: unknown, key: string): unknown =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;

async function inject(
  operationId: string,
  request: FuzzRequest,
  authorization?: string,
): Promise<LightMyRequestResponse> {
  const response = await t.app.inject({
    method: request.method,
    url: request.url,
    headers: { ...request.headers, ...(authorization ? { authorization } : {}) },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
    remoteAddress: freshIp(),
  });
  const statuses = tally.get(operationId) ?? new Map<number, number>();
  statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
  tally.set(operationId, statuses);
  if (process.env.FUZZ_LOG === operationId) {
    const sent = `${request.method} ${request.url} ${request.payload ?? ""}`.slice(0, 300);
    console.log(`${response.statusCode} ${sent}\n    → ${response.body.slice(0, 300)}`);
  }
  return response;
}

/** A call that prepares a caller (checked against the contract by test/api.ts): it must succeed. */
async function setup(
  operationId: string,
  method: "GET" | "POST",
  url: string,
  authorization: string,
  body?: unknown,
) {
  setupRequests += 1;
  const response = await caller(t, { authorization }).call(operationId, method, url, body);
  if (response.statusCode >= 300) throw new Error(`${operationId} failed in setup: ${response.body}`);
  return response.statusCode === 204 ? undefined : (response.json() as unknown);
}

/** A card set up through the sandbox and saved; the first saved becomes the default. */
async function addCard(authorization: string, known: KnownValues): Promise<void> {
  const intent = await setup("createSetupIntent", "POST", "/subscriptions/intent", authorization);
  const card = { clientSecret: propertyOf(intent, "clientSecret"), cardNumber: "4242424242424242" };
  const url = "/subscriptions/sandbox/confirm-setup";
  const confirmed = await setup("confirmSandboxSetup", "POST", url, authorization, {
    ...card,
    ...{ expMonth: 12, expYear: 2099, cvc: "123" },
  });
  const paymentMethodId = propertyOf(confirmed, "paymentMethodId");
  await setup("savePaymentMethod", "POST", "/subscriptions/customers/payment-methods", authorization, {
    paymentMethodId,
  });
  known.remember({ paymentMethodId });
}

/** The token of the latest invitation e-mailed to the address, as its link carries it. */
function invitationToken(email: string): string {
  const mail = mailer.sent.filter((m) => m.to === email).at(-1);
  const token = mail && /[?&]token=([^&\s"<]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`No invitation was sent to ${email}`);
  return decodeURIComponent(token);
}

/**
 * The caller of one operation: an account signed up, confirmed and signed in through the API, its workspace on
 * Professional with two cards, the sample brand (or one of its own) and an invitation out, and invited itself to
 * another workspace. Its cards, a card set-up not yet used, password, tokens and the ids of the operation's list
 * become values the operation's requests may use (public operations use them too, without the bearer).
 */
async function workspaceCaller(op: ContractOperation | undefined, known: KnownValues): Promise<string> {
  const { email, password, login } = await registerUser(t, mailer);
  setupRequests += 3;
  const authorization = bearer(login);
  const options = (op && callerSetups[op.id]) ?? {};
  known.remember(login);
  known.add("field:currentPassword", password);
  await addCard(authorization, known);
  if (options.plan !== "trial") {
    await setup("subscribe", "POST", "/subscriptions", authorization, { productId: "professional" });
    await addCard(authorization, known);
  }
  known.remember(await setup("createSetupIntent", "POST", "/subscriptions/intent", authorization));
  const brand =
    options.brand === "own"
      ? {
          websiteUrl: "https://lumora.example",
          country: "GB",
          brandName: "Lumora",
          socialLinks: [{ socialPlatform: "instagram", socialLink: "https://www.instagram.com/lumora" }],
        }
      : { sample: true };
  await setup("createBrand", "POST", "/brand", authorization, brand);
  if (options.plan !== "trial") {
    const guest = `guest-${email}`;
    await setup("inviteMember", "POST", "/workspace/invitations", authorization, { email: guest });
    known.add("field:token", invitationToken(guest));
  }
  // Invited to a workspace of another owner (on Professional, to have room for a member).
  const host = await registerUser(t, mailer);
  setupRequests += 3;
  await addCard(bearer(host.login), known);
  await setup("subscribe", "POST", "/subscriptions", bearer(host.login), { productId: "professional" });
  await setup("inviteMember", "POST", "/workspace/invitations", bearer(host.login), { email });
  known.add("field:token", invitationToken(email));
  if (op) await rememberListed(op, known, authorization);
  return authorization;
}

/** An operation on one item (`/audience/{id}`) gets the ids its list (`/audience`) shows the caller. */
async function rememberListed(
  op: ContractOperation,
  known: KnownValues,
  authorization: string,
): Promise<void> {
  const list = operations.find((o) => o.method === "GET" && op.path.startsWith(`${o.path}/{`));
  if (list) known.remember(await setup(list.id, "GET", list.path, authorization));
}

/**
 * A read changes nothing its caller set up, so the reads share one caller, set up once: a caller costs two
 * sign-ups, three cards, a subscription and a sample brand, about a second each time (a fifth of the suite's time
 * when every read had its own). Reads with a set-up of their own keep it.
 */
const sharesCaller = (op: ContractOperation) => op.method === "GET" && !callerSetups[op.id];
let readers: Promise<{ authorization: string; known: KnownValues }> | undefined;
function readersCaller(): Promise<{ authorization: string; known: KnownValues }> {
  readers ??= (async () => {
    const known = new KnownValues(reference);
    const authorization = await workspaceCaller(undefined, known);
    return { authorization, known };
  })();
  return readers;
}

/** After a 2xx write: read what was stored through the API and hold it to the contract and the request's schema. */
async function checkStored(
  op: ContractOperation,
  request: FuzzRequest,
  written: unknown,
  authorization: string,
) {
  const check = storedChecks[op.id];
  if (!check) return;
  const read = await inject(
    check.read.operationId,
    { method: "GET", url: check.read.url, headers: {} },
    authorization,
  );
  expectContract(check.read.operationId, read);
  if (read.statusCode !== 200) throw new Error(`${check.read.operationId} after ${op.id}: ${read.body}`);
  const stored = check.find(read.json(), written);
  if (stored === undefined) {
    throw new Error(
      `${op.id} answered ${JSON.stringify(written)}, which ${check.read.operationId} does not show`,
    );
  }
  const violations = storedViolations(op, check, JSON.parse(request.payload ?? "null"), stored);
  if (violations.length > 0)
    throw new Error(`${op.id} stored what its schema forbids: ${violations.join("; ")}`);
}

/** The contract's description: any operation may answer these besides what it lists. */
const ANY_OPERATION = [413, 414, 415];

/** The answer matches the contract: valid for its status, and a status the operation lists. */
function expectContract(operationId: string, response: LightMyRequestResponse) {
  expectContractResponse(operationId, response);
  const listed = [...listedStatuses(operationId), ...ANY_OPERATION];
  if (!listed.includes(response.statusCode)) {
    throw new Error(
      `${operationId} answered ${response.statusCode}, which the contract does not list: ${response.body}`,
    );
  }
}

/** Runs a property with the suite's seed; a failure names the seed and the command that replays it. */
async function run<Ts extends [unknown, ...unknown[]]>(
  op: ContractOperation,
  property: fc.IAsyncPropertyWithHooks<Ts>,
  numRuns: number,
) {
  try {
    await fc.assert(property, {
      seed: SEED,
      numRuns,
      includeErrorInReport: true,
      // A run cut short by the time limit has not tried what it claims: it fails rather than passes quietly.
      interruptAfterTimeLimit: 60_000,
      markInterruptAsFailure: true,
    });
  } catch (error) {
    // Huge generated strings would bury the report: long lines are cut.
    const report = (error instanceof Error ? error.message : String(error))
      .split("\n")
      .map((line) => (line.length > 2000 ? `${line.slice(0, 2000)}… (${line.length} characters)` : line))
      .join("\n");
    throw new Error(
      `${report}\n\nReplay: FUZZ_SEED=${SEED} npx vitest run test/fuzz/contract-fuzz.test.ts -t '${op.id}'`,
    );
  }
}

describe("contract fuzzing", () => {
  it("decides for every write whether what it stored is read back", () => {
    const writes = operations.filter((op) => op.method !== "GET" && op.requestBody && !skipped[op.id]);
    const undecided = writes.filter((op) => !storedChecks[op.id] && !notReread[op.id]).map((op) => op.id);
    expect(undecided, "add each to stored-checks.ts: storedChecks or notReread").toEqual([]);
  });

  for (const op of operations) {
    const reason = skipped[op.id];
    if (reason) {
      it.skip(`${op.id}: ${reason}`, () => {});
      continue;
    }
    const who = !op.secured
      ? "anyone"
      : sessionEnding.has(op.id)
        ? "a new account each time"
        : "its own workspace";

    it(`${op.method} ${op.path} (${op.id}) as ${who}`, { timeout: 120_000 }, async () => {
      const shared = sharesCaller(op) ? await readersCaller() : undefined;
      const known = new KnownValues(shared?.known ?? reference);
      let workspace = sessionEnding.has(op.id)
        ? undefined
        : (shared?.authorization ?? (await workspaceCaller(op, known)));
      if (shared) await rememberListed(op, known, shared.authorization);
      await run(
        op,
        fc.asyncProperty(requestsFor(op, known), async (request) => {
          const authorization = op.secured ? (workspace ?? (await t.authorization())) : undefined;
          const response = await inject(op.id, request, authorization);
          if (response.statusCode >= 500)
            throw new Error(`${op.id} answered ${response.statusCode}: ${response.body}`);
          expectContract(op.id, response);
          if (response.statusCode >= 300) return;
          const json = response.headers["content-type"]?.toString().startsWith("application/json");
          const written = json ? response.json() : undefined;
          known.remember(written);
          if (authorization) await checkStored(op, request, written, authorization);
          if (callerEnding.has(op.id)) workspace = await workspaceCaller(op, known);
        }),
        RUNS,
      );
    });

    if (op.secured) {
      it(`${op.id} without a valid bearer: 401`, async () => {
        const bearers = fc.constantFrom(
          undefined,
          "Bearer ",
          "Bearer x.y.z",
          "Basic Zm9vOmJhcg==",
          "Bearer \u00e9",
        );
        await run(
          op,
          fc.asyncProperty(requestsFor(op, reference), bearers, async (request, authorization) => {
            const response = await inject(op.id, request, authorization);
            expectContract(op.id, response);
            // Only a URL the router cannot route (a bad escape, a parameter over its length) is refused sooner,
            // and a `..` segment names another path, which does not exist.
            const { code } = response.json();
            const unroutable = ["BAD_URL", "URI_TOO_LONG"].includes(code);
            const elsewhere = code === "NOT_FOUND" && request.url.includes("/..");
            if (!unroutable && !elsewhere) expect(response.statusCode, response.body).toBe(401);
          }),
          ANONYMOUS_RUNS,
        );
      });
    }
  }
});
