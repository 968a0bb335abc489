import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { jobsDone, type TestApp } from "../../../test/app";
import { connectorHarness } from "../../../test/connector-harness";
import { type FakeGoogle, subjectOf } from "../../../test/fake-google";
import { lumoraWorkspace, startGoogleConnectorsApp } from "../../../test/google-connectors";
import { connections } from "../../db/schema";

type GoogleConnector = "search-console" | "google-ads";

// The two Google connectors on one OAuth client, against the fake whose revoke ends the whole grant of a Google
// account, as Google's does (test/fake-google.ts): disconnecting, or failing to connect, one connector never stops
// another connection of the same Google account, in this workspace or another (grant.ts releaseGoogleGrant).
let google: FakeGoogle;
let t: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ google, t, close } = await startGoogleConnectorsApp());
});
afterAll(() => close?.());
beforeEach(() => {
  google.calls.length = 0;
  google.revoked.clear();
  google.revokedAccounts.length = 0;
  google.adsCustomers = ["1234567890"];
});

const workspace = () => lumoraWorkspace(t);

const harnesses = {
  "search-console": connectorHarness(() => t, "search-console"),
  "google-ads": connectorHarness(() => t, "google-ads"),
};

async function call(
  connector: GoogleConnector,
  step: "get" | "refresh" | "disconnect",
  authorization: string,
) {
  const [method, path] = (
    {
      get: ["GET", ""],
      refresh: ["POST", "/refresh"],
      disconnect: ["DELETE", ""],
    } as const
  )[step];
  return harnesses[connector].request(method, path, authorization);
}

const statusOf = async (connector: GoogleConnector, authorization: string) =>
  (await harnesses[connector].connector(authorization)).status;

/** The consent of `account` on Google's page, Google's redirect back, and the jobs it queued; answers the outcome. */
const connect = (connector: GoogleConnector, authorization: string, account: string) =>
  harnesses[connector].connect(authorization, (url) => google.consent(url, account));

/** Reads the connector again now, as "Refresh now" does, and answers its status once the read ran. */
async function readAgain(connector: GoogleConnector, authorization: string) {
  expect((await call(connector, "refresh", authorization)).statusCode).toBe(202);
  await jobsDone(t);
  return statusOf(connector, authorization);
}

it("keeps Google Ads reading when Search Console of the same Google account is disconnected, and revokes with the last", async () => {
  const { authorization, workspaceId } = await workspace();
  expect(await connect("search-console", authorization, "shared")).toMatchObject({ status: "connected" });
  expect(await connect("google-ads", authorization, "shared")).toMatchObject({ status: "connected" });
  // Each connection knows whose grant it holds.
  const stored = await t.database.db
    .select({ provider: connections.provider, subject: connections.accountSubject })
    .from(connections)
    .where(eq(connections.workspaceId, workspaceId));
  expect(stored).toHaveLength(2);
  expect(new Set(stored.map((c) => c.subject))).toEqual(new Set([subjectOf("shared")]));

  expect((await call("search-console", "disconnect", authorization)).statusCode).toBe(204);
  expect(google.calls).not.toContain("POST /revoke");
  expect(await readAgain("google-ads", authorization)).toBe("connected");

  expect((await call("google-ads", "disconnect", authorization)).statusCode).toBe(204);
  expect(google.revokedAccounts).toEqual(["shared"]);
});

it("keeps another workspace's connection of the same Google account reading after a disconnect here", async () => {
  const agency = await workspace();
  const client = await workspace();
  await connect("search-console", agency.authorization, "consultant");
  await connect("search-console", client.authorization, "consultant");

  expect((await call("search-console", "disconnect", client.authorization)).statusCode).toBe(204);
  expect(google.revokedAccounts).toEqual([]);
  expect(await readAgain("search-console", agency.authorization)).toBe("connected");
});

it("revokes the grant of a connect that failed only when no connection holds that Google account", async () => {
  const { authorization } = await workspace();
  await connect("google-ads", authorization, "keeper");
  // Search Console with the same account: the property list fails, the grant it got is Google Ads' too.
  google.failNext(1);
  expect(await connect("search-console", authorization, "keeper")).toMatchObject({ error: "sites_failed" });
  expect(google.revokedAccounts).toEqual([]);
  expect(await readAgain("google-ads", authorization)).toBe("connected");

  // An account no connection holds: its grant is revoked.
  const other = await workspace();
  google.failNext(1);
  expect(await connect("search-console", other.authorization, "stranger")).toMatchObject({
    error: "sites_failed",
  });
  expect(google.revokedAccounts).toEqual(["stranger"]);
});

it("revokes a connection stored before the account was kept only when its workspace has no other Google connection", async () => {
  const { authorization, workspaceId } = await workspace();
  await connect("search-console", authorization, "veteran");
  await connect("google-ads", authorization, "veteran");
  await t.database.db
    .update(connections)
    .set({ accountSubject: null })
    .where(and(eq(connections.workspaceId, workspaceId), eq(connections.provider, "search_console")));

  // Whose the old grant is is not known: Google Ads may hold it, so it stays.
  expect((await call("search-console", "disconnect", authorization)).statusCode).toBe(204);
  expect(google.revokedAccounts).toEqual([]);
  expect(await readAgain("google-ads", authorization)).toBe("connected");
  expect((await call("google-ads", "disconnect", authorization)).statusCode).toBe(204);
  expect(google.revokedAccounts).toEqual(["veteran"]);
});
