import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from "../../test/app";
import { listedStatuses } from "../../test/contract-response";
import { seedTeam } from "../../test/users";
import { contractSender, type Send } from "../../test/workspaces";
import { jwtKey } from "../config/keys";
import { OPERATION_ROLES } from "../modules/workspace/role-matrix";
import { type ContractOperation, loadContract, type Role, roles } from "./contract";

/**
 * Issue 18, section 4: each role held to each operation that changes something (and each read above `member`). The
 * operations come from the contract; the role each needs comes from the product's table
 * (modules/workspace/role-matrix.ts OPERATION_ROLES), not from the contract's own `x-role`, which the server
 * enforces: a wrongly declared `x-role` is refused here, and so is a guarded operation the table does not list. Every operation is sent by a
 * member, an admin and the owner of a fresh workspace of its own, in that order, with ids that exist nowhere and no
 * body: a role below the operation's is refused with 403 ADMIN_ONLY or OWNER_ONLY before anything else is looked
 * at; a role that may call it gets past the role check (its answer is whatever the request deserves: a 400 for the
 * missing body, a 404 for the unknown id, never a 403 or a 5xx).
 */
const operations = await loadContract();
const guarded = operations.filter(
  (op) => op.secured && (op.method !== "GET" || op.role !== "member" || OPERATION_ROLES[op.id] !== undefined),
);
const rank = (role: Role) => roles.indexOf(role);

let t: TestApp;
let send: Send;
const refusals: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  send = contractSender(t, operations);
  return () => t.close();
});

afterAll(() => {
  console.log(
    `Roles: ${guarded.length} operations, each sent as member, admin and owner; refused:\n${refusals.join("\n")}`,
  );
});

const unknownParams = (op: ContractOperation) =>
  Object.fromEntries(op.parameters.filter((p) => p.in === "path").map((p) => [p.name, randomUUID()]));

describe("every write checks the caller's role (x-role in the contract)", () => {
  it("declares a role on every secured write", () => {
    const writes = operations.filter((op) => op.secured && op.method !== "GET");
    expect(writes.length).toBeGreaterThan(40);
    expect(guarded.length).toBeGreaterThanOrEqual(writes.length);
  });

  it("declares in the contract the role the product gives each operation", () => {
    const declared = Object.fromEntries(guarded.map((op) => [op.id, op.role]));
    const expected = Object.fromEntries(
      guarded.map((op) => [op.id, OPERATION_ROLES[op.id] ?? "not in role-matrix.ts"]),
    );
    expect(declared).toEqual(expected);
  });

  for (const op of guarded) {
    const needed = OPERATION_ROLES[op.id] ?? "owner";
    it(`${op.id} (${op.method} ${op.path}) needs ${needed}`, async () => {
      const team = await seedTeam(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
      for (const role of ["member", "admin", "owner"] as const) {
        const response = await send(op.id, team[role].authorization, { params: unknownParams(op) });
        if (rank(role) < rank(needed)) {
          expect(listedStatuses(op.id), `${op.id} must list 403 in the contract`).toContain(403);
          expect(response.statusCode, `${role}: ${response.body}`).toBe(403);
          const error = response.json<{ code: string; message: string }>();
          expect(error.code).toBe(needed === "owner" ? "OWNER_ONLY" : "ADMIN_ONLY");
          const who = needed === "owner" ? "the owner" : "the owner or an admin";
          expect(error.message).toContain(`Only ${who} of the workspace can do this ("${op.summary}")`);
          refusals.push(`${op.id} ${role}: ${error.message}`);
        } else {
          expect(response.statusCode, `${role} may ${op.id}: ${response.body}`).not.toBe(403);
          expect(response.statusCode, `${role}: ${response.body}`).toBeLessThan(500);
        }
      }
    });
  }
});
