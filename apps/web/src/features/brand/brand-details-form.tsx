import type { Brand } from "@brandscope/api-client";
import { notify } from "~/lib/notify";
import { FormProblem } from "~/lib/problem";
import { BrandIdentityFields } from "../onboarding/brand-identity-fields";
import { brandFormSchema, brandFormValues, toOwnBrandInput } from "../onboarding/brand-schema";
import { useOnboardingForm } from "../onboarding/form";
import { SocialLinksFields } from "../onboarding/social-links-fields";
import { useUpdateBrandMutation } from "./mutations";

/**
 * The own brand's website, name, country, industry and social links, corrected with PATCH /brand: only what
 * changed is sent, and a new website is read again (the brand shows as collecting until it has been).
 */
export function BrandDetailsForm({ brand }: { brand: Brand }) {
  const update = useUpdateBrandMutation();
  const form = useOnboardingForm({
    defaultValues: brandFormValues(brand),
    validators: { onChange: brandFormSchema },
    onSubmit: async ({ value, formApi }) => {
      const before = toOwnBrandInput(brandFormValues(brand));
      const after = toOwnBrandInput(value);
      const changed = {
        ...(after.brandName !== before.brandName ? { brandName: after.brandName } : {}),
        ...(after.websiteUrl !== before.websiteUrl ? { websiteUrl: after.websiteUrl } : {}),
        ...(after.country !== before.country ? { country: after.country } : {}),
        ...(value.industry && value.industry !== (brand.industry ?? "") ? { industry: value.industry } : {}),
        ...(JSON.stringify(after.socialLinks) !== JSON.stringify(before.socialLinks)
          ? { socialLinks: after.socialLinks }
          : {}),
      };
      if (Object.keys(changed).length === 0) {
        notify.success("Nothing to save: your brand is as stored.", { id: "brand-saved" });
        return;
      }
      try {
        const saved = await update.mutateAsync(changed);
        formApi.reset(brandFormValues(saved));
        notify.success(
          changed.websiteUrl ? "Saved. We are reading your new website." : "Your brand is saved.",
          { id: "brand-saved" },
        );
      } catch {
        // Shown under the form (update.error); everything typed stays.
      }
    },
  });

  return (
    <form.AppForm>
      <form.Form aria-label="Brand details" className="flex flex-col gap-5">
        <BrandIdentityFields
          form={form}
          withIndustry
          websiteHint="A new website is read again; its figures follow once it has been."
        />
        <SocialLinksFields form={form} />
        <FormProblem error={update.error} />
        <div className="flex justify-end">
          <form.SubmitButton>Save changes</form.SubmitButton>
        </div>
      </form.Form>
    </form.AppForm>
  );
}
