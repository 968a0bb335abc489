import type { User } from "@brandscope/api-client";
import { useQuery } from "@tanstack/react-query";
import { FormProblem } from "~/lib/problem";
import { useSelectForm } from "~/lib/select-form";
import { countriesOptions, industriesOptions } from "../reference/queries";
import { useUpdateProfileMutation } from "./mutations";
import { type ProfileValues, profileSchema } from "./schemas";

export function profileValues(user: User): ProfileValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone ?? "",
    country: user.country ?? "",
    industry: user.industry ?? "",
    company: user.company ?? "",
  };
}

/**
 * Edit profile (docs/product.md §3): names, phone (optional), country and industry from the server's lists,
 * company.
 */
export function ProfileForm({ user }: { user: User }) {
  const update = useUpdateProfileMutation();
  const countries = useQuery(countriesOptions());
  const industries = useQuery(industriesOptions());
  const form = useSelectForm({
    defaultValues: profileValues(user),
    validators: { onChange: profileSchema },
    onSubmit: async ({ value, formApi }) => {
      try {
        const saved = await update.mutateAsync(value);
        // What was saved is the form's new starting point.
        formApi.reset(profileValues(saved));
      } catch {
        // Shown in the form (update.error); everything typed stays.
      }
    },
  });

  return (
    <form.AppForm>
      <form.Form aria-label="Edit profile" className="flex flex-col gap-5">
        <div className="grid grid-cols-2 gap-4">
          <form.AppField name="firstName">
            {(field) => <field.TextInput label="First name" autoComplete="given-name" />}
          </form.AppField>
          <form.AppField name="lastName">
            {(field) => <field.TextInput label="Last name" autoComplete="family-name" />}
          </form.AppField>
        </div>
        <div className="grid grid-cols-2 gap-4">
          <form.AppField name="company">
            {(field) => <field.TextInput label="Company" autoComplete="organization" />}
          </form.AppField>
          <form.AppField name="phone">
            {(field) => <field.TextInput label="Phone (optional)" type="tel" autoComplete="tel" />}
          </form.AppField>
        </div>
        <div className="grid grid-cols-2 gap-4">
          <form.AppField name="country">
            {(field) => (
              <field.SelectInput
                label="Country"
                options={countries.data ?? []}
                placeholder={countries.isError ? "Countries could not be loaded" : "Select a country"}
                disabled={!countries.data}
              />
            )}
          </form.AppField>
          <form.AppField name="industry">
            {(field) => (
              <field.SelectInput
                label="Industry"
                options={industries.data ?? []}
                placeholder={industries.isError ? "Industries could not be loaded" : "Select an industry"}
                disabled={!industries.data}
              />
            )}
          </form.AppField>
        </div>
        <FormProblem error={update.error} />
        <div className="flex justify-end">
          <form.SubmitButton>Save changes</form.SubmitButton>
        </div>
      </form.Form>
    </form.AppForm>
  );
}
