import { z } from "zod/mini";
import { emailSchema, messages, requiredText } from "../auth/schemas";

export const phoneMessage = "Fill in a valid phone number";

/** docs/product.md §5 "Checkout": the billing address complete, the phone always required. */
export const addressSchema = z.object({
  companyName: requiredText(),
  line1: requiredText(),
  line2: z.string(),
  city: requiredText(),
  postalCode: requiredText(),
  region: z.string(),
  country: z.string().check(z.minLength(1, { error: messages.required })),
  phone: z.string().check(
    z.refine((value) => value.trim() !== "", { error: messages.required }),
    z.refine((value) => value.trim() === "" || /^\+?[0-9 ()./-]{5,32}$/.test(value.trim()), {
      error: phoneMessage,
    }),
  ),
});
export type AddressValues = z.input<typeof addressSchema>;

/** docs/product.md §5 "Sales form": all six fields required, the e-mail valid. */
export const salesContactSchema = z.object({
  email: emailSchema,
  name: requiredText(),
  companyName: requiredText(),
  role: requiredText(),
  industry: z.string().check(z.minLength(1, { error: messages.required })),
  category: z.string().check(z.minLength(1, { error: messages.required })),
});
export type SalesContactFormValues = z.input<typeof salesContactSchema>;

/** The sales form's Category: who is asking. */
export const salesCategories = [
  { value: "agency", label: "Agency" },
  { value: "brand", label: "Brand" },
  { value: "retail", label: "Retail" },
  { value: "media", label: "Media" },
  { value: "other", label: "Other" },
] as const;
