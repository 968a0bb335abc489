import type { components, User } from "@brandscope/api-client";
import { z } from "zod/mini";
import { messages, requiredText } from "../auth/schemas";

export type BusinessType = components["schemas"]["BusinessType"];

/** The contract's BusinessType, with the words the select shows (docs/product.md §3: "B2B (value b2b)"). */
export const businessTypeOptions = [
  { value: "b2b", label: "B2B" },
  { value: "b2c", label: "B2C" },
  { value: "both", label: "Both B2B and B2C" },
] as const satisfies readonly { value: BusinessType; label: string }[];

const isBusinessType = (value: string): value is BusinessType =>
  businessTypeOptions.some((option) => option.value === value);

const requiredChoice = () => z.string().check(z.minLength(1, { error: messages.required }));

/** The single-field steps about the user (docs/product.md §2): every field required ('This is a required field'). */
export const industryStepSchema = z.object({ industry: requiredChoice() });
export type IndustryStepValues = z.input<typeof industryStepSchema>;

export const companyStepSchema = z.object({
  company: requiredText().check(z.maxLength(200, { error: "Company name must be at most 200 characters" })),
  businessType: z.string().check(z.refine(isBusinessType, { error: messages.required })),
});
export type CompanyStepValues = z.input<typeof companyStepSchema>;

export const countryStepSchema = z.object({ country: requiredChoice() });
export type CountryStepValues = z.input<typeof countryStepSchema>;

/** What the steps start from: what the user gave before (their profile), or nothing. */
export function aboutValues(user: Partial<User> | null | undefined) {
  return {
    industry: { industry: user?.industry ?? "" } satisfies IndustryStepValues,
    company: {
      company: user?.company ?? "",
      businessType: user?.businessType ?? "",
    } satisfies CompanyStepValues,
    country: { country: user?.country ?? "" } satisfies CountryStepValues,
  };
}

/**
 * The PATCH /user bodies. The industry and country chosen here also become the user's defaults, which modules
 * use as their filter when none is chosen (docs/product.md §4). Country is the last step: saving it ends the welcome
 * (isFirstTime false, docs/product.md §4), in the same call, so the flow is never marked done without it.
 */
export const aboutRequests = {
  industry: ({ industry }: IndustryStepValues) => ({ industry, defaultIndustry: industry }),
  company: ({ company, businessType }: CompanyStepValues) => ({
    company: company.trim(),
    ...(isBusinessType(businessType) ? { businessType } : {}),
  }),
  country: ({ country }: CountryStepValues) => ({ country, defaultCountry: country, isFirstTime: false }),
} satisfies Record<string, (...args: never[]) => components["schemas"]["UpdateUserRequest"]>;
