import { describe, expect, it } from "vitest";
import type { z } from "zod/mini";
import {
  changePasswordSchema,
  confirmationSchema,
  forgotPasswordSchema,
  newPasswordSchema,
  pinSchema,
  resetPasswordSchema,
  signUpSchema,
} from "./account-schemas";
import { emailSchema, signInSchema } from "./schemas";

/** The messages a value gets, in the order a form would show them (the first one is on screen). */
function messagesOf(schema: z.ZodMiniType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

/** The messages per field of an object schema. */
function fieldMessages(schema: z.ZodMiniType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  const byField: Record<string, string[]> = {};
  if (result.success) return byField;
  for (const issue of result.error.issues) {
    const key = issue.path.join(".");
    byField[key] = [...(byField[key] ?? []), issue.message];
  }
  return byField;
}

const goodPassword = "Roast-2026-beans";

describe("email", () => {
  it.each([
    ["", "This is a required field"],
    ["   ", "This is a required field"],
    ["maya", "Fill in a valid email address"],
    ["maya@", "Fill in a valid email address"],
    ["maya@lumora", "Fill in a valid email address"],
  ])("%j → %s", (value, message) => {
    expect(messagesOf(emailSchema, value)).toEqual([message]);
  });

  it("accepts an address, also with spaces around it", () => {
    expect(messagesOf(emailSchema, "maya@lumora.coffee")).toEqual([]);
    expect(messagesOf(emailSchema, " maya@lumora.coffee ")).toEqual([]);
  });
});

describe("new password", () => {
  it.each([
    ["", "This is a required field"],
    [
      "Ab1-",
      "Password must contain 8 or more characters with at least one of each: uppercase, lowercase, number and special",
    ],
    ["ROAST-2026-BEANS", "Password must contain at least 1 lower case letter"],
    ["roast-2026-beans", "Password must contain at least 1 upper case letter"],
    ["Roast-twenty-beans", "Password must contain at least 1 number"],
    ["Roast2026beans", "Password must contain at least 1 special character"],
    ["Roast 2026 beans", "Password must contain at least 1 special character"],
    [`${goodPassword}${"x".repeat(250)}`, "Password must be at most 250 characters"],
  ])("%j → %s first", (value, message) => {
    expect(messagesOf(newPasswordSchema, value)[0]).toBe(message);
  });

  it("accepts 8 to 250 characters with every kind", () => {
    expect(messagesOf(newPasswordSchema, "Ab1-abcd")).toEqual([]);
    expect(messagesOf(newPasswordSchema, `Ab1-${"x".repeat(246)}`)).toEqual([]);
    expect(messagesOf(newPasswordSchema, goodPassword)).toEqual([]);
  });
});

describe("pin", () => {
  it.each([
    ["", "Pin is required"],
    ["12a456", "Pin must only contain numbers"],
    ["12 456", "Pin must only contain numbers"],
    ["12345", "Pin must be exactly 6 digits"],
    ["1234567", "Pin must be exactly 6 digits"],
  ])("%j → %s", (value, message) => {
    expect(messagesOf(pinSchema, value)).toEqual([message]);
  });

  it("accepts six digits, leading zeros included", () => {
    expect(messagesOf(pinSchema, "042917")).toEqual([]);
  });
});

describe("sign-in", () => {
  it("asks for both fields and nothing more", () => {
    expect(fieldMessages(signInSchema, { email: "", password: "" })).toEqual({
      email: ["This is a required field"],
      password: ["This is a required field"],
    });
    // Sign-in does not judge the password: the server does.
    expect(fieldMessages(signInSchema, { email: "maya@lumora.coffee", password: "x" })).toEqual({});
  });

  it("wants a valid email", () => {
    expect(fieldMessages(signInSchema, { email: "maya", password: "x" })).toEqual({
      email: ["Fill in a valid email address"],
    });
  });
});

describe("sign-up", () => {
  const valid = {
    firstName: "Maya",
    lastName: "Okafor",
    email: "maya@lumora.coffee",
    password: goodPassword,
    passwordConfirmation: goodPassword,
  };

  it("accepts a complete form", () => {
    expect(fieldMessages(signUpSchema, valid)).toEqual({});
  });

  it("requires every field", () => {
    const empty = { firstName: "", lastName: " ", email: "", password: "", passwordConfirmation: "" };
    expect(fieldMessages(signUpSchema, empty)).toEqual({
      firstName: ["This is a required field"],
      lastName: ["This is a required field"],
      email: ["This is a required field"],
      password: ["This is a required field"],
      passwordConfirmation: ["This is a required field"],
    });
  });

  it("says 'Passwords must match' under the confirmation, also while other fields are wrong", () => {
    expect(fieldMessages(signUpSchema, { ...valid, passwordConfirmation: "Roast-2026-bean" })).toEqual({
      passwordConfirmation: ["Passwords must match"],
    });
    expect(
      fieldMessages(signUpSchema, { ...valid, email: "maya", passwordConfirmation: "other" })
        .passwordConfirmation,
    ).toEqual(["Passwords must match"]);
    // Also beside a required field left empty, whose error ends its own checks.
    expect(
      fieldMessages(signUpSchema, {
        ...valid,
        lastName: "",
        password: "roast-2026-beans",
        passwordConfirmation: "x",
      }),
    ).toEqual({
      lastName: ["This is a required field"],
      password: ["Password must contain at least 1 upper case letter"],
      passwordConfirmation: ["Passwords must match"],
    });
  });
});

describe("confirmation, forgot and reset password", () => {
  it("confirmation needs the e-mail and the 6-digit pin", () => {
    expect(fieldMessages(confirmationSchema, { email: "maya@lumora.coffee", confirmationCode: "" })).toEqual({
      confirmationCode: ["Pin is required"],
    });
    expect(
      fieldMessages(confirmationSchema, { email: "maya@lumora.coffee", confirmationCode: "123456" }),
    ).toEqual({});
  });

  it("forgot password needs a valid e-mail", () => {
    expect(fieldMessages(forgotPasswordSchema, { email: "maya@" })).toEqual({
      email: ["Fill in a valid email address"],
    });
  });

  it("reset password checks the code, the new password and its confirmation", () => {
    expect(
      fieldMessages(resetPasswordSchema, {
        email: "maya@lumora.coffee",
        code: "12345",
        password: "roast-2026-beans",
        passwordConfirmation: "Roast-2026-beans",
      }),
    ).toEqual({
      code: ["Pin must be exactly 6 digits"],
      password: ["Password must contain at least 1 upper case letter"],
      passwordConfirmation: ["Passwords must match"],
    });
  });
});

describe("change password", () => {
  it("requires the current password and a valid, confirmed new one", () => {
    expect(
      fieldMessages(changePasswordSchema, {
        currentPassword: "",
        password: "Ab1-",
        passwordConfirmation: "",
      }),
    ).toEqual({
      currentPassword: ["This is a required field"],
      password: [
        "Password must contain 8 or more characters with at least one of each: uppercase, lowercase, number and special",
      ],
      passwordConfirmation: ["This is a required field"],
    });
    expect(
      fieldMessages(changePasswordSchema, {
        currentPassword: "old",
        password: goodPassword,
        passwordConfirmation: goodPassword,
      }),
    ).toEqual({});
  });
});
