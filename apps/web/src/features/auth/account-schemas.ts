// zod/mini, as in schemas.ts: the rules of sign-up, confirmation, password reset and change.
import { z } from "zod/mini";
import { messages as common, emailSchema, requiredText, unlessEmpty } from "./schemas";

/** docs/product.md §5's messages, word for word. */
export const messages = {
  ...common,
  passwordLength:
    "Password must contain 8 or more characters with at least one of each: uppercase, lowercase, number and special",
  passwordTooLong: "Password must be at most 250 characters",
  passwordLower: "Password must contain at least 1 lower case letter",
  passwordUpper: "Password must contain at least 1 upper case letter",
  passwordNumber: "Password must contain at least 1 number",
  passwordSpecial: "Password must contain at least 1 special character",
  passwordsMatch: "Passwords must match",
  pinRequired: "Pin is required",
  pinDigits: "Pin must only contain numbers",
  pinLength: "Pin must be exactly 6 digits",
} as const;

/** Said under every new-password field, so nobody has to find the rules by failing them. */
export const passwordHint =
  "At least 8 characters, with an upper case and a lower case letter, a number and a special character.";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 250;
export const PIN_LENGTH = 6;

/**
 * A new password (sign-up, reset, change): 8 to 250 characters with a lower case letter, an upper case letter, a
 * digit and a special character (anything else but white space). The first failing rule is the one shown.
 */
export const newPasswordSchema = z.string().check(
  z.minLength(1, { error: messages.required }),
  unlessEmpty((value) => value.length >= PASSWORD_MIN, messages.passwordLength),
  z.maxLength(PASSWORD_MAX, { error: messages.passwordTooLong }),
  unlessEmpty((value) => /[a-z]/.test(value), messages.passwordLower),
  unlessEmpty((value) => /[A-Z]/.test(value), messages.passwordUpper),
  unlessEmpty((value) => /[0-9]/.test(value), messages.passwordNumber),
  unlessEmpty((value) => /[^A-Za-z0-9\s]/.test(value), messages.passwordSpecial),
);

/** The confirmation of a new password: required, then equal to `password` (checked on the object). */
const passwordConfirmationSchema = z.string().check(z.minLength(1, { error: messages.required }));

const passwordsMatch = z.refine<{ password: string; passwordConfirmation: string }>(
  (values) => values.passwordConfirmation === "" || values.password === values.passwordConfirmation,
  {
    error: messages.passwordsMatch,
    path: ["passwordConfirmation"],
    // Shown whatever the other fields say: this only needs both passwords to be strings (zod would otherwise skip
    // an object's refinements after a field's non-continuable failure).
    when: ({ value }) => {
      const values = value as Partial<Record<"password" | "passwordConfirmation", unknown>>;
      return typeof values.password === "string" && typeof values.passwordConfirmation === "string";
    },
  },
);

/** A 6-digit code from an e-mail. */
export const pinSchema = z.string().check(
  z.minLength(1, { error: messages.pinRequired }),
  z.regex(/^\d*$/, { error: messages.pinDigits }),
  // Counted only once the pin is all digits: one message at a time.
  z.refine((value) => !/^\d+$/.test(value) || value.length === PIN_LENGTH, { error: messages.pinLength }),
);

export const signUpSchema = z
  .object({
    firstName: requiredText(),
    lastName: requiredText(),
    email: emailSchema,
    password: newPasswordSchema,
    passwordConfirmation: passwordConfirmationSchema,
  })
  .check(passwordsMatch);
export type SignUpValues = z.input<typeof signUpSchema>;

export const confirmationSchema = z.object({ email: emailSchema, confirmationCode: pinSchema });
export type ConfirmationValues = z.input<typeof confirmationSchema>;

export const resetPasswordSchema = z
  .object({
    email: emailSchema,
    code: pinSchema,
    password: newPasswordSchema,
    passwordConfirmation: passwordConfirmationSchema,
  })
  .check(passwordsMatch);
export type ResetPasswordValues = z.input<typeof resetPasswordSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().check(z.minLength(1, { error: messages.required })),
    password: newPasswordSchema,
    passwordConfirmation: passwordConfirmationSchema,
  })
  .check(passwordsMatch);
export type ChangePasswordValues = z.input<typeof changePasswordSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordValues = z.input<typeof forgotPasswordSchema>;
