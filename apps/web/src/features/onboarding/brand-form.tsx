import type { Brand } from "@brandscope/api-client";
import { FormProblem } from "~/lib/problem";
import { BrandIdentityFields } from "./brand-identity-fields";
import {
  type BrandFormValues,
  brandFormSchema,
  brandFormValues,
  emptyBrandValues,
  toOwnBrandInput,
} from "./brand-schema";
import { useOnboardingForm } from "./form";
import { useCreateBrandMutation } from "./mutations";
import { SocialLinksFields } from "./social-links-fields";
import { StepActions } from "./step-frame";

const sameBrand = (a: BrandFormValues, b: BrandFormValues) =>
  JSON.stringify(toOwnBrandInput(a)) === JSON.stringify(toOwnBrandInput(b));

/**
 * Connect own (docs/product.md §3 "Brand form", §5): website, country, name and social links, sent with POST /brand.
 * A failed call shows in the form and keeps every value. With the brand already connected the form starts from
 * it, and continuing without a change sends nothing (a new POST would clear its competitors).
 */
export function BrandForm({
  brand,
  defaultValues,
  onSaved,
  onBack,
  adding = false,
  submitLabel = "Continue",
}: {
  /** The own brand connected before, if any. */
  brand?: Brand | null | undefined;
  /** Where the form starts; by default the connected brand's values, else empty. */
  defaultValues?: BrandFormValues;
  onSaved: (brand: Brand) => void;
  onBack?: (() => void) | undefined;
  /** Adds a brand beside the workspace's others instead of connecting (replacing) the one onboarding is about. */
  adding?: boolean;
  submitLabel?: string;
}) {
  const create = useCreateBrandMutation({ replace: !adding });
  const existing = brand && !brand.sample ? brand : undefined;
  const form = useOnboardingForm({
    defaultValues: defaultValues ?? (existing ? brandFormValues(existing) : emptyBrandValues()),
    validators: { onChange: brandFormSchema },
    onSubmit: async ({ value }) => {
      if (existing && sameBrand(value, brandFormValues(existing))) {
        onSaved(existing);
        return;
      }
      try {
        onSaved(await create.mutateAsync(toOwnBrandInput(value)));
      } catch {
        // Shown in the form (create.error); everything typed stays.
      }
    },
  });

  return (
    <form.AppForm>
      <form.Form aria-label="Connect your brand" className="flex flex-col gap-6">
        <div className="flex flex-col gap-5">
          <BrandIdentityFields form={form} />
          <SocialLinksFields form={form} />
        </div>
        <FormProblem error={create.error} />
        <StepActions onBack={onBack}>
          <form.SubmitButton>{submitLabel}</form.SubmitButton>
        </StepActions>
      </form.Form>
    </form.AppForm>
  );
}
