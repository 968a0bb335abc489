import { dereference, parse } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { buildTestApp } from "../../test/app";
import { contractPath, loadContract } from "./contract";
import { handlers } from "./handlers";

async function contractWith(
  change: (paths: Record<string, Record<string, unknown>>) => void,
): Promise<object> {
  const document = await parse(contractPath);
  change(document.paths as Record<string, Record<string, unknown>>);
  return document;
}

describe("the contract and the handlers", () => {
  it("has exactly one handler per contract operation", async () => {
    const operations = await loadContract();
    expect(operations.map((op) => op.id).sort()).toEqual(Object.keys(handlers).sort());
    expect(new Set(operations.map((op) => op.id)).size).toBe(operations.length);
  });

  it("refuses to start when a contract operation has no handler", async () => {
    const contract = await contractWith((paths) => {
      paths["/secret"] = {
        get: { operationId: "getSecret", summary: "A secret", responses: { "200": { description: "It" } } },
      };
    });
    await expect(buildTestApp({ contract, databaseUrl: "postgres://unused@127.0.0.1:9/x" })).rejects.toThrow(
      "Contract operations without a handler: getSecret (GET /secret). Add each to apps/api/src/http/handlers.ts",
    );
  });

  it("refuses a secured write without x-role, so no operation can forget which role it needs", async () => {
    const contract = await contractWith((paths) => {
      paths["/brand/rename"] = {
        post: {
          operationId: "renameBrand",
          summary: "Rename",
          responses: { "204": { description: "Done" } },
        },
      };
    });
    await expect(loadContract(contract)).rejects.toThrow(
      "Contract operation renameBrand (POST /brand/rename) changes something but declares no x-role",
    );
  });

  it("declares which role each secured write needs, and reads need a member unless they say otherwise", async () => {
    const operations = await loadContract();
    const writes = operations.filter((op) => op.secured && op.method !== "GET");
    const byRole = (role: string) =>
      writes
        .filter((op) => op.role === role)
        .map((op) => op.id)
        .sort();
    expect(byRole("owner")).toEqual([
      "addSsoDomain",
      "cancelSubscription",
      "confirmSandboxSetup",
      "createSetupIntent",
      "deleteSsoSettings",
      "removePaymentMethod",
      "removeSsoDomain",
      "resumeSubscription",
      "savePaymentMethod",
      "saveSsoSettings",
      "setDefaultPaymentMethod",
      "subscribe",
      "transferOwnership",
      "verifySsoDomain",
    ]);
    expect(byRole("admin")).toEqual(expect.arrayContaining(["inviteMember", "createBrand", "createImport"]));
    expect(byRole("member").sort()).toEqual([
      "acceptInvitation",
      "changePassword",
      "contactSales",
      "createSharedReport",
      "deactivateUser",
      "deleteUser",
      "logOut",
      "markAlertsRead",
      "revokeSharedReport",
      "updateAlertPreferences",
      "updateDigestPreference",
      "updateProfilePicture",
      "updateUser",
    ]);
    const reads = operations.filter((op) => op.secured && op.method === "GET" && op.role !== "member");
    expect(reads.map((op) => op.id)).toEqual(["listInvitations", "getAlertChannels", "getSsoSettings"]);
  });

  it("refuses to start when a handler has no contract operation", async () => {
    const contract = await contractWith((paths) => {
      delete paths["/industries"];
    });
    await expect(buildTestApp({ contract, databaseUrl: "postgres://unused@127.0.0.1:9/x" })).rejects.toThrow(
      "Handlers for operations the contract does not have: listIndustries",
    );
  });

  it("marks every operation whose answer carries a token or secret x-secret-answer, so it is never compressed", async () => {
    const document = (await dereference(contractPath)) as unknown as {
      paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, unknown> }>>;
    };
    const secretNames = /token$|secret|password|apikey/i;
    const namesIn = (schema: unknown, depth = 0): string[] => {
      if (!schema || typeof schema !== "object" || depth > 12) return [];
      return Object.entries(schema).flatMap(([key, value]) =>
        key === "properties" && value && typeof value === "object"
          ? Object.entries(value).flatMap(([name, inner]) => [
              ...(secretNames.test(name) ? [name] : []),
              ...namesIn(inner, depth + 1),
            ])
          : namesIn(value, depth + 1),
      );
    };
    const carrying = Object.values(document.paths).flatMap((item) =>
      Object.values(item).flatMap((op) => {
        const answers = Object.entries(op.responses ?? {}).filter(([status]) => status.startsWith("2"));
        return answers.some(([, answer]) => namesIn(answer).length > 0) ? [op.operationId] : [];
      }),
    );
    // The browser's ingest token is public by design (every visitor reads it; docs/operations.md "Monitoring").
    const publicTokens = new Set(["getTelemetryConfig"]);
    const marked = (await loadContract()).filter((op) => op.carriesSecrets).map((op) => op.id);
    expect(carrying.length).toBeGreaterThan(0);
    expect(marked.sort()).toEqual(carrying.filter((id) => id && !publicTokens.has(id)).sort());
  });
});
