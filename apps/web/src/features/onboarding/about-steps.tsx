import { useQuery } from "@tanstack/react-query";
import type * as React from "react";
import { useAuth } from "~/lib/auth";
import { Form, SubmitButton } from "~/lib/form";
import { FormProblem } from "~/lib/problem";
import { countriesOptions, industriesOptions } from "../reference/queries";
import {
  aboutRequests,
  aboutValues,
  businessTypeOptions,
  companyStepSchema,
  countryStepSchema,
  industryStepSchema,
} from "./about-schemas";
import { referenceSelectProps, useOnboardingForm } from "./form";
import { useSaveAboutMutation } from "./mutations";
import { StepActions, StepHeader } from "./step-frame";

/*
 * The single-field steps (docs/product.md §2): industry, company, country. Each saves its answer with PATCH /user
 * when the user continues, so an answer given is kept even if the flow stops there; a failed call shows in the form
 * and keeps the choice. They start from what the profile already holds.
 */

type StepProps = { onBack?: (() => void) | undefined; onSaved: () => void };

/** A step's form: its question, its fields, why saving failed, Back and the step's action. */
function AboutStepForm({
  form,
  title,
  description,
  label,
  error,
  onBack,
  submitLabel = "Continue",
  children,
}: {
  form: { AppForm: React.ComponentType<{ children?: React.ReactNode }> };
  title: string;
  description: string;
  label: string;
  error: unknown;
  onBack: StepProps["onBack"];
  submitLabel?: string;
  children: React.ReactNode;
}) {
  return (
    <>
      <StepHeader title={title} description={description} />
      <form.AppForm>
        <Form aria-label={label} className="flex flex-col gap-6">
          {children}
          <FormProblem error={error} />
          <StepActions onBack={onBack}>
            <SubmitButton>{submitLabel}</SubmitButton>
          </StepActions>
        </Form>
      </form.AppForm>
    </>
  );
}

/** Saves a step's answer, then goes on; a failure shows in the form (save.error) and the answer stays. */
async function saveThen(
  save: ReturnType<typeof useSaveAboutMutation>,
  request: Parameters<ReturnType<typeof useSaveAboutMutation>["mutateAsync"]>[0],
  onSaved: () => void,
) {
  try {
    await save.mutateAsync(request);
    onSaved();
  } catch {
    // Shown in the form (save.error).
  }
}

export function IndustryStep({ onBack, onSaved }: StepProps) {
  const { user } = useAuth();
  const save = useSaveAboutMutation();
  const industries = useQuery(industriesOptions());
  const form = useOnboardingForm({
    defaultValues: aboutValues(user).industry,
    validators: { onChange: industryStepSchema },
    onSubmit: ({ value }) => saveThen(save, aboutRequests.industry(value), onSaved),
  });
  return (
    <AboutStepForm
      form={form}
      title="Which industry are you in?"
      description="We compare you with the brands, personas and influencers of your industry."
      label="Industry"
      error={save.error}
      onBack={onBack}
    >
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
    </AboutStepForm>
  );
}

export function CompanyStep({ onBack, onSaved }: StepProps) {
  const { user } = useAuth();
  const save = useSaveAboutMutation();
  const form = useOnboardingForm({
    defaultValues: aboutValues(user).company,
    validators: { onChange: companyStepSchema },
    onSubmit: ({ value }) => saveThen(save, aboutRequests.company(value), onSaved),
  });
  return (
    <AboutStepForm
      form={form}
      title="Tell us about your company"
      description="Its name, and whether you sell to businesses, to consumers or to both."
      label="Company"
      error={save.error}
      onBack={onBack}
    >
      <form.AppField name="company">
        {(field) => <field.TextInput label="Company name" autoComplete="organization" />}
      </form.AppField>
      <form.AppField name="businessType">
        {(field) => (
          <field.SelectInput
            label="Business type"
            options={businessTypeOptions}
            placeholder="Select a business type"
          />
        )}
      </form.AppField>
    </AboutStepForm>
  );
}

/** The last step: saving the country also ends the welcome (isFirstTime false, server and session alike). */
export function CountryStep({ onBack, onSaved }: StepProps) {
  const { user } = useAuth();
  const save = useSaveAboutMutation();
  const countries = useQuery(countriesOptions());
  const form = useOnboardingForm({
    defaultValues: aboutValues(user).country,
    validators: { onChange: countryStepSchema },
    onSubmit: ({ value }) => saveThen(save, aboutRequests.country(value), onSaved),
  });
  return (
    <AboutStepForm
      form={form}
      title="Where is your main market?"
      description="Traffic, audiences and keywords are shown for this country first. You can change it any time."
      label="Country"
      error={save.error}
      onBack={onBack}
      submitLabel="Finish"
    >
      <form.AppField name="country">
        {(field) => (
          <field.SelectInput
            label="Country"
            {...referenceSelectProps(countries, { noun: "Countries", placeholder: "Select a country" })}
          />
        )}
      </form.AppField>
    </AboutStepForm>
  );
}
