import { useRouter } from "@tanstack/react-router";
import { useAppForm } from "~/lib/form";
import { FormProblem } from "~/lib/problem";
import { passwordHint, type SignUpValues, signUpSchema } from "./account-schemas";
import { useSignUpMutation } from "./mutations";

/** The invitation link this tab came from: the account is made for its address, and keeps the invitation. */
export interface SignUpInvitation {
  token: string;
  email: string;
}

export function SignUpForm({ invitation }: { invitation?: SignUpInvitation } = {}) {
  const router = useRouter();
  const signUp = useSignUpMutation();
  const form = useAppForm({
    defaultValues: {
      firstName: "",
      lastName: "",
      email: invitation?.email ?? "",
      password: "",
      passwordConfirmation: "",
    } as SignUpValues,
    validators: { onChange: signUpSchema },
    onSubmit: async ({ value }) => {
      try {
        const account = await signUp.mutateAsync({ ...value, invitationToken: invitation?.token });
        await router.navigate({ to: "/confirmation", search: { email: account.email } });
      } catch {
        // Shown in the form (signUp.error); everything typed stays.
      }
    },
  });

  return (
    <form.AppForm>
      <form.Form aria-label="Create your account">
        <div className="grid grid-cols-2 gap-4">
          <form.AppField name="firstName">
            {(field) => <field.TextInput label="First name" autoComplete="given-name" />}
          </form.AppField>
          <form.AppField name="lastName">
            {(field) => <field.TextInput label="Last name" autoComplete="family-name" />}
          </form.AppField>
        </div>
        <form.AppField name="email">
          {(field) => (
            <field.TextInput
              label="Work email"
              type="email"
              autoComplete="email"
              placeholder="you@company.com"
              // The invitation is for this address only: another one could not join.
              readOnly={invitation !== undefined}
              hint={invitation ? "The address the invitation was sent to." : undefined}
            />
          )}
        </form.AppField>
        <form.AppField name="password">
          {(field) => (
            <field.PasswordInput label="Password" autoComplete="new-password" hint={passwordHint} />
          )}
        </form.AppField>
        <form.AppField name="passwordConfirmation">
          {(field) => <field.PasswordInput label="Confirm password" autoComplete="new-password" />}
        </form.AppField>
        <FormProblem error={signUp.error} />
        <form.SubmitButton size="lg" className="w-full">
          Create account
        </form.SubmitButton>
      </form.Form>
    </form.AppForm>
  );
}
