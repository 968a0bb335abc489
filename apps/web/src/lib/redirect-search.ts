// zod/mini: this module is in the chunk every page loads, and full zod would add 17 KB (gzip) to it.
import { z } from "zod/mini";

/**
 * `?redirect=` carries where a signed-out user was going. Only paths on this origin are kept: anything else
 * ("//evil.example", "https://…") would turn sign-in into an open redirect.
 */
export const redirectSearchSchema = z.object({
  redirect: z.catch(z.optional(z.string().check(z.regex(/^\/(?![/\\])/))), undefined),
});
