import { cn } from "@brandscope/ui/cn";
import { useQuery } from "@tanstack/react-query";
import { countriesOptions, industriesOptions } from "../reference/queries";
import { emptyBrandValues } from "./brand-schema";
import { referenceSelectProps, withOnboardingForm } from "./form";

/**
 * A brand form's website, name and country: onboarding's connect step and the Brand screen share them; the Brand
 * screen adds the industry, which onboarding asks for in a step of its own.
 */
export const BrandIdentityFields = withOnboardingForm({
  defaultValues: emptyBrandValues(),
  props: {} as { websiteHint?: string; withIndustry?: boolean },
  render: function BrandIdentityFields({ form, websiteHint, withIndustry = false }) {
    const countries = useQuery(countriesOptions());
    const industries = useQuery({ ...industriesOptions(), enabled: withIndustry });
    return (
      <>
        <form.AppField name="websiteUrl">
          {(field) => (
            <field.TextInput
              label="Website URL"
              inputMode="url"
              autoComplete="url"
              spellCheck={false}
              placeholder="https://yourbrand.com"
              hint={websiteHint}
            />
          )}
        </form.AppField>
        <div className={cn("grid gap-4", withIndustry ? "sm:grid-cols-3" : "grid-cols-2")}>
          <form.AppField name="brandName">
            {(field) => <field.TextInput label="Brand name" autoComplete="organization" />}
          </form.AppField>
          <form.AppField name="country">
            {(field) => (
              <field.SelectInput
                label="Country"
                {...referenceSelectProps(countries, { noun: "Countries", placeholder: "Select a country" })}
              />
            )}
          </form.AppField>
          {withIndustry ? (
            <form.AppField name="industry">
              {(field) => (
                <field.SelectInput
                  label="Industry"
                  {...referenceSelectProps(industries, {
                    noun: "Industries",
                    placeholder: "Select an industry",
                  })}
                />
              )}
            </form.AppField>
          ) : null}
        </div>
      </>
    );
  },
});
