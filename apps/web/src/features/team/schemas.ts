import { z } from "zod/mini";
import { emailSchema } from "~/features/auth/schemas";

/** The invite form: one address (docs/product.md §5's e-mail messages). */
export const inviteSchema = z.object({ email: emailSchema });
export type InviteValues = z.input<typeof inviteSchema>;
