import { describe, expect, it } from "vitest";
import { connectedTestDatabase } from "../../../../test/database";
import { claimSamlAssertion, deleteExpiredSamlAssertions } from "./saml-replay.repo";

const connected = connectedTestDatabase();

const now = new Date("2026-11-26T12:00:00Z");
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
const remembered = async () =>
  (
    await connected.database.pool.query(
      "select issuer, assertion_id from saml_used_assertions order by assertion_id",
    )
  ).rows;

describe("claimSamlAssertion", () => {
  it("claims an assertion once per issuer while it is remembered, and again once it has expired", async () => {
    const claim = (issuer: string, at: Date) =>
      claimSamlAssertion(connected.database.db, { issuer, assertionId: "_a1", expiresAt: later(5), now: at });
    expect(await claim("https://idp-1.test", now)).toBe(true);
    expect(await claim("https://idp-1.test", later(4))).toBe(false);
    expect(await claim("https://idp-2.test", now)).toBe(true);
    expect(await claim("https://idp-1.test", later(5))).toBe(true);
  });

  it("forgets in housekeeping only what has expired", async () => {
    await claimSamlAssertion(connected.database.db, {
      issuer: "h",
      assertionId: "_old",
      expiresAt: later(1),
      now,
    });
    await claimSamlAssertion(connected.database.db, {
      issuer: "h",
      assertionId: "_new",
      expiresAt: later(30),
      now,
    });
    await deleteExpiredSamlAssertions(connected.database.db, { now: later(10) });
    const rows = await remembered();
    expect(rows).toContainEqual({ issuer: "h", assertion_id: "_new" });
    expect(rows).not.toContainEqual({ issuer: "h", assertion_id: "_old" });
  });
});
