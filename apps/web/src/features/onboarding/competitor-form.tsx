import { Button } from "@brandscope/ui/button";
import { useQuery } from "@tanstack/react-query";
import { FormProblem } from "~/lib/problem";
import { countriesOptions } from "../reference/queries";
import { competitorFormSchema, emptyCompetitorValues, toCompetitorInput } from "./brand-schema";
import { referenceSelectProps, useOnboardingForm } from "./form";
import type { useAddCompetitorMutation } from "./mutations";
import { SocialLinksFields } from "./social-links-fields";

/**
 * Adds one competitor (POST /brand/competitor): website and name, optionally its country and social links.
 * After a success the form empties for the next one; a failure (a 402 at the plan's limit included) shows in the
 * form with the server's message and keeps every value. The step owns the mutation, to tell the plan's limit
 * apart.
 */
export function CompetitorForm({ add }: { add: ReturnType<typeof useAddCompetitorMutation> }) {
  const countries = useQuery(countriesOptions());
  const form = useOnboardingForm({
    defaultValues: emptyCompetitorValues(),
    validators: { onChange: competitorFormSchema },
    onSubmit: async ({ value, formApi }) => {
      try {
        await add.mutateAsync(toCompetitorInput(value));
        formApi.reset(emptyCompetitorValues());
      } catch {
        // Shown in the form (add.error); everything typed stays.
      }
    },
  });
  const country = referenceSelectProps(countries, { noun: "Countries", placeholder: "Select a country" });

  return (
    <form.AppForm>
      <form.Form aria-label="Add a competitor" className="flex flex-col gap-5 rounded-lg border p-5">
        <h2 className="text-foreground text-base font-semibold">Add a competitor</h2>
        <div className="grid grid-cols-2 gap-4">
          <form.AppField name="websiteUrl">
            {(field) => (
              <field.TextInput
                label="Website URL"
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                placeholder="https://competitor.com"
              />
            )}
          </form.AppField>
          <form.AppField name="brandName">
            {(field) => <field.TextInput label="Brand name" autoComplete="off" />}
          </form.AppField>
        </div>
        <form.AppField name="country">
          {(field) => (
            <div className="flex items-end gap-3">
              <field.SelectInput label="Country (optional)" className="flex-1" {...country} />
              {field.state.value ? (
                <Button emphasis="ghost" onClick={() => field.handleChange("")}>
                  Clear country
                </Button>
              ) : null}
            </div>
          )}
        </form.AppField>
        <SocialLinksFields form={form} optional />
        <FormProblem error={add.error} />
        <div className="flex justify-end">
          <form.SubmitButton emphasis="secondary">Add competitor</form.SubmitButton>
        </div>
      </form.Form>
    </form.AppForm>
  );
}
