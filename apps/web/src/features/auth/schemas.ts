// zod/mini: these schemas ride in the sign-in route's bundle, which has a 150 KB budget; full zod adds 17 KB.
// The rules of the other account screens (new passwords, codes) are in account-schemas.ts, for the same reason.
import { z } from "zod/mini";

/** docs/product.md §5's messages, word for word (those of new passwords and codes: account-schemas.ts). */
export const messages = {
  required: "This is a required field",
  email: "Fill in a valid email address",
} as const;

/**
 * A rule for a filled-in value: an empty one passes, so that an empty field gets only 'This is a required field'.
 * (Not zod's `abort`: an aborted field also stops its object's refinements, such as 'Passwords must match'.)
 */
export const unlessEmpty = (test: (value: string) => boolean, error: string) =>
  z.refine<string>((value) => value.trim() === "" || test(value), { error });

/** A required text: empty (or only spaces) gets 'This is a required field'. */
export const requiredText = () =>
  z.string().check(z.refine((value) => value.trim() !== "", { error: messages.required }));

export const emailSchema = z.string().check(
  z.trim(),
  z.minLength(1, { error: messages.required }),
  unlessEmpty((value) => z.regexes.email.test(value), messages.email),
);

/** Sign-in only asks for something in both fields (docs/product.md §5): the server judges the password. */
export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().check(z.minLength(1, { error: messages.required })),
});
export type SignInValues = z.input<typeof signInSchema>;
