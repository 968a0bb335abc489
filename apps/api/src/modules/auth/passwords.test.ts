import { describe, expect, it } from "vitest";
import { createPasswordHasher, isCommonPassword, passwordMessages, passwordProblems } from "./passwords";

describe("password rules (docs/product.md §5)", () => {
  it("accept 8 to 250 characters with a lower, an upper, a digit and a symbol", () => {
    expect(passwordProblems("Roast-2026-beans")).toEqual([]);
    expect(passwordProblems(`Aa1!${"b".repeat(246)}`)).toEqual([]);
    expect(passwordProblems("Grüße 2026 Ünd")).toEqual([]);
  });

  it("name every rule a password breaks", () => {
    expect(passwordProblems("abc")).toEqual([
      passwordMessages.length,
      passwordMessages.upper,
      passwordMessages.digit,
      passwordMessages.special,
    ]);
    expect(passwordProblems("")).toEqual(["This is a required field"]);
    expect(passwordMessages.lower).toBe("Password must contain at least 1 lower case letter");
  });

  it("refuse listed passwords and listed words dressed up with capitals and symbols", () => {
    expect(isCommonPassword("password1")).toBe(true);
    expect(isCommonPassword("P@ssw0rd")).toBe(true);
    expect(isCommonPassword("!Monkey123!")).toBe(true);
    expect(isCommonPassword("Roast-2026-beans")).toBe(false);
    expect(passwordProblems("Qwerty123!")).toEqual([passwordMessages.common]);
  });
});

describe("password hashing", () => {
  it("uses argon2id and verifies only the right password", async () => {
    const hasher = createPasswordHasher("fast-test-only");
    const hash = await hasher.hash("Roast-2026-beans");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await hasher.verify(hash, "Roast-2026-beans")).toBe(true);
    expect(await hasher.verify(hash, "Roast-2026-beanz")).toBe(false);
    expect(await hasher.verify(null, "anything")).toBe(false);
    expect(await hasher.verify("not-a-hash", "anything")).toBe(false);
  });

  it("uses OWASP's parameters unless told otherwise", async () => {
    const hash = await createPasswordHasher("owasp").hash("Roast-2026-beans");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});
