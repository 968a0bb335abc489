// The contract must hold every call of docs/product.md §7, as method + path under the API base.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { parse } from "yaml";

const specCalls = [
  "POST /auth/signup",
  "POST /auth/confirm",
  "POST /auth/resend-confirmation",
  "POST /auth/login",
  "POST /auth/social",
  "POST /auth/refresh-token",
  "POST /auth/forgot-password",
  "POST /auth/forgot-password/confirm",
  "POST /auth/reset-password",
  "GET /user/me",
  "PATCH /user",
  "PATCH /user/profile-picture",
  "POST /user/deactivate",
  "POST /user/delete",
  "GET /audience",
  "GET /audience/{id}",
  "GET /competitor",
  "GET /brand",
  "POST /brand",
  "POST /brand/reset",
  "GET /brand/competitor",
  "POST /brand/competitor",
  "DELETE /brand/competitor/{id}",
  "GET /countries",
  "GET /industries",
  "GET /intent",
  "GET /intent/keyword",
  "POST /subscriptions/intent",
  "POST /subscriptions",
  "GET /subscriptions/products",
  "GET /subscriptions/customers/payment-methods",
  "POST /subscriptions/customers/payment-methods/remove",
  "POST /subscriptions/customers/payment-methods/default",
];
const publicAuthCalls = new Set(specCalls.filter((call) => call.includes(" /auth/")));

const contract = parse(readFileSync(new URL("./openapi.yaml", import.meta.url), "utf8"));
const operations = new Map();
for (const [path, item] of Object.entries(contract.paths)) {
  for (const [method, operation] of Object.entries(item)) {
    // A path's own `parameters` (the brand header) are shared by its operations, not an operation.
    if (method === "parameters") continue;
    operations.set(`${method.toUpperCase()} ${path}`, operation);
  }
}

test("docs/product.md §7 lists 33 calls", () => assert.equal(specCalls.length, 33));

test("every call of docs/product.md §7 is in the contract", () => {
  const missing = specCalls.filter((call) => !operations.has(call));
  assert.deepEqual(missing, []);
});

test("the auth calls of docs/product.md §7 are public and the others need the bearer", () => {
  for (const call of specCalls) {
    const security = operations.get(call).security ?? contract.security;
    assert.equal(security.length === 0, publicAuthCalls.has(call), call);
  }
});

test("the checkout actions have their own paths", () => {
  for (const call of [
    "POST /subscriptions/intent",
    "POST /subscriptions/customers/payment-methods",
    "POST /subscriptions",
    "GET /health",
  ]) {
    assert.ok(operations.has(call), call);
  }
});

test("every error answer uses the one Error body", () => {
  for (const [call, operation] of operations) {
    for (const [status, response] of Object.entries(operation.responses)) {
      if (Number(status) < 400) continue;
      const name = response.$ref.split("/").pop();
      const schema = contract.components.responses[name].content["application/json"].schema;
      assert.equal(schema.$ref, "#/components/schemas/Error", `${call} ${status}`);
    }
  }
});
