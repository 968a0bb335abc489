import { z } from "zod/mini";
import { messages, requiredText } from "../auth/schemas";

export const profileMessages = {
  phone: "Fill in a valid phone number",
} as const;

/** docs/product.md §5: phone optional, every other profile field required ('This is a required field'). */
export const profileSchema = z.object({
  firstName: requiredText(),
  lastName: requiredText(),
  phone: z.string().check(
    z.refine((value) => value.trim() === "" || /^\+?[0-9 ()./-]{5,32}$/.test(value.trim()), {
      error: profileMessages.phone,
    }),
  ),
  country: z.string().check(z.minLength(1, { error: messages.required })),
  industry: z.string().check(z.minLength(1, { error: messages.required })),
  company: requiredText(),
});
export type ProfileValues = z.input<typeof profileSchema>;
