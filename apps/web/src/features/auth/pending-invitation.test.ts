import { afterEach, describe, expect, it } from "vitest";
import { HOME_PATH, ONBOARDING_PATH, pathAfterSignIn } from "../auth/paths";
import { forgetInvitation, pendingInvitation, rememberInvitation } from "./paths";

afterEach(() => sessionStorage.clear());

describe("an invitation opened before signing in", () => {
  it("brings the next sign-in back to /invitation, before onboarding or any redirect", () => {
    rememberInvitation("tok_123");
    expect(pendingInvitation()).toBe("tok_123");
    expect(pathAfterSignIn(true, undefined)).toBe("/invitation");
    expect(pathAfterSignIn(false, "/intent")).toBe("/invitation");
  });

  it("once forgotten, sign-in goes where it always did", () => {
    rememberInvitation("tok_123");
    forgetInvitation();
    expect(pendingInvitation()).toBeUndefined();
    expect(pathAfterSignIn(true, undefined)).toBe(ONBOARDING_PATH);
    expect(pathAfterSignIn(false, "/intent")).toBe("/intent");
    expect(pathAfterSignIn(false, undefined)).toBe(HOME_PATH);
  });

  it("in a new tab, an account that signed up from an invitation goes to /invitation before onboarding", () => {
    expect(pendingInvitation()).toBeUndefined();
    expect(pathAfterSignIn(true, undefined, true)).toBe("/invitation");
    expect(pathAfterSignIn(true, undefined, false)).toBe(ONBOARDING_PATH);
  });
});
