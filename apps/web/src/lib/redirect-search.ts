// zod/mini: this module is in the chunk every page loads, and full zod would add 17 KB (gzip) to it.
import { z } from "zod/mini";

/**
 * `?redirect=` carries where a signed-out user was going. Only paths on this origin are kept: anything else
 * ("//evil.example", "https://…") would turn sign-in into an open redirect.
 */
export const redirectSearchSchema = z.object({
  redirect: z.catch(z.optional(z.string().check(z.regex(/^\/(?![/\\])/))), undefined),
});

/** `?email=` carries an address from one auth screen to the next (sign-up → confirmation → sign-in). */
const emailParam = z.catch(z.optional(z.string().check(z.maxLength(254))), undefined);

export const emailSearchSchema = z.object({ email: emailParam });

/** Sign-in: where the user was going, and the address to start with. */
export const signInSearchSchema = z.extend(redirectSearchSchema, { email: emailParam });
