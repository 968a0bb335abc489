import { useAppForm } from "~/lib/form";
import { FormProblem } from "~/lib/problem";
import { type ForgotPasswordValues, forgotPasswordSchema } from "./account-schemas";
import { useResetOnRestore } from "./restored-page";
import { useStartSsoSignInMutation } from "./sso";

/** "Sign in with SSO": the work e-mail names the workspace's identity provider, where the browser goes next. */
export function SsoSignInForm({ email = "", redirect }: { email?: string; redirect?: string }) {
  const start = useStartSsoSignInMutation();
  useResetOnRestore(start.reset);
  const form = useAppForm({
    defaultValues: { email } as ForgotPasswordValues,
    validators: { onChange: forgotPasswordSchema },
    onSubmit: async ({ value }) => {
      try {
        await start.mutateAsync(redirect ? { email: value.email, redirect } : { email: value.email });
      } catch {
        // Shown in the form (start.error).
      }
    },
  });
  return (
    <form.AppForm>
      <form.Form aria-label="Sign in with SSO">
        <form.AppField name="email">
          {(field) => (
            <field.TextInput
              label="Work email"
              type="email"
              autoComplete="email"
              placeholder="you@company.com"
            />
          )}
        </form.AppField>
        <FormProblem error={start.error} />
        <form.SubmitButton size="lg" className="w-full">
          Continue with SSO
        </form.SubmitButton>
      </form.Form>
    </form.AppForm>
  );
}
