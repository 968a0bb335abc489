import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from "../../test/app";
import { runBillingHousekeeping, subscribeProfessional } from "../../test/billing";
import { seedSignedInUser } from "../../test/users";
import { jwtKey } from "../config/keys";
import { DAY_MS } from "../lib/clock";
import { subscriptionEntry } from "../modules/billing/billing.service";
import { workspacePlan } from "../modules/billing/plan-limits";
import { EXIT, runOperator } from "./run";

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  t = await buildTestApp();
  dataDir = await mkdtemp(join(tmpdir(), "brandscope-operator-"));
  return () => t.close();
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

async function operator(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const env = { DATABASE_URL: t.database.pool.options.connectionString, DATA_DIR: dataDir };
  const code = await runOperator(argv, {
    env,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    clock: t.clock,
  });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

const grant = (workspace: string, plan: string, until: string) =>
  operator("grant-plan", "--workspace", workspace, "--plan", plan, "--until", until);
const seed = () => seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
const inDays = (days: number) => new Date(t.clock.now().getTime() + days * DAY_MS).toISOString().slice(0, 10);

describe("npm run operator -- grant-plan", () => {
  it("grants Enterprise to the owner's workspace until the end of the day given, without a card, and logs it", async () => {
    const owner = await seed();
    const until = inDays(60);
    const run = await grant(owner.email, "enterprise", until);
    expect(run).toMatchObject({ code: EXIT.ok, err: "" });
    expect(run.out).toContain(`Workspace ${owner.workspaceId} (owner ${owner.email})`);
    expect(run.out).toContain("enterprise (active, granted by operator)");
    const entry = await subscriptionEntry(t.database.db, {
      workspaceId: owner.workspaceId,
      now: t.clock.now(),
    });
    expect(entry).toMatchObject({ type: "enterprise", status: "active", endDate: `${until}T23:59:59.000Z` });
    expect(
      (await workspacePlan(t.database.db, { workspaceId: owner.workspaceId, now: t.clock.now() })).limits
        .competitorsPerBrand,
    ).toBe(10);
    const logged = (await readFile(join(dataDir, "operator.log"), "utf8"))
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(logged.at(-1)).toMatchObject({
      event: "operator.grant-plan",
      workspaceId: owner.workspaceId,
      owner: owner.email,
      before: { plan: "starter" },
      after: { plan: "enterprise", granted: true },
    });
    const shown = await operator("show", "--workspace", owner.workspaceId);
    expect(shown.code).toBe(EXIT.ok);
    expect(shown.out).toContain(`enterprise (active, granted by operator), ends ${until}T23:59:59.000Z`);
  });

  it("returns a granted plan to Starter's limits once its end date has passed", async () => {
    const owner = await seed();
    await operator("grant-plan", "--workspace", owner.email, "--plan", "professional", "--until", inDays(1));
    const housekeeping = () => runBillingHousekeeping(t);
    await housekeeping();
    expect(
      (await workspacePlan(t.database.db, { workspaceId: owner.workspaceId, now: t.clock.now() })).plan,
    ).toBe("professional");
    t.clock.advance(2 * DAY_MS);
    await housekeeping();
    expect(
      await workspacePlan(t.database.db, { workspaceId: owner.workspaceId, now: t.clock.now() }),
    ).toMatchObject({
      plan: "starter",
      limits: { competitorsPerBrand: 1 },
    });
    const entry = await subscriptionEntry(t.database.db, {
      workspaceId: owner.workspaceId,
      now: t.clock.now(),
    });
    expect(entry).toMatchObject({ type: "professional", status: "cancelled" });
  });

  it("refuses while the workspace pays for a plan that renews, and leaves that plan alone", async () => {
    const owner = await seed();
    expect((await subscribeProfessional(t, owner.authorization)).type).toBe("professional");
    const run = await grant(owner.email, "enterprise", inDays(30));
    expect(run.code).toBe(EXIT.refused);
    expect(run.err).toContain("the owner cancels it first");
    expect(
      (await workspacePlan(t.database.db, { workspaceId: owner.workspaceId, now: t.clock.now() })).plan,
    ).toBe("professional");
  });

  it("says what is wrong with its input, with the usage, and changes nothing", async () => {
    const owner = await seed();
    const cases = [
      [[], EXIT.usage, "No command given"],
      [["upgrade"], EXIT.usage, 'Unknown command "upgrade"'],
      [["grant-plan", "--plan", "enterprise", "--until", inDays(9)], EXIT.usage, "--workspace is required"],
      [
        ["grant-plan", "--workspace", owner.email, "--plan", "gold", "--until", inDays(9)],
        EXIT.usage,
        "--plan must be one of",
      ],
      [
        ["grant-plan", "--workspace", owner.email, "--plan", "enterprise", "--until", "2027-02-30"],
        EXIT.usage,
        "--until must be a date",
      ],
      [["grant-plan", "--workspace", owner.email, "--plan", "enterprise"], EXIT.usage, "--until is required"],
      [
        ["grant-plan", "--workspace", owner.email, "--plan", "enterprise", "--until", inDays(-1)],
        EXIT.refused,
        "must be in the future",
      ],
      [
        ["grant-plan", "--workspace", "nobody@example.com", "--plan", "enterprise", "--until", inDays(9)],
        EXIT.refused,
        "No account with the e-mail",
      ],
      [["show", "--workspace", "00000000-0000-4000-8000-000000000000"], EXIT.refused, "No workspace"],
      [["show", "--workspace", "acme"], EXIT.usage, "an e-mail address or a workspace id"],
    ] as const;
    for (const [argv, code, message] of cases) {
      const run = await operator(...argv);
      expect({ argv, code: run.code }).toEqual({ argv, code });
      expect(run.err).toContain(message);
    }
    expect(
      (await workspacePlan(t.database.db, { workspaceId: owner.workspaceId, now: t.clock.now() })).plan,
    ).toBe("starter");
  });

  it("without DATABASE_URL, says that the embedded database runs only while the app does", async () => {
    const code = await runOperator(["show", "--workspace", "someone@example.com"], {
      env: { DATA_DIR: dataDir },
      out: () => undefined,
      err: (line) => expect(line).toContain("it runs only while the app does"),
      clock: t.clock,
    });
    expect(code).toBe(EXIT.database);
  });
});
