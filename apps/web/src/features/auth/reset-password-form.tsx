import { useRouter } from "@tanstack/react-router";
import { notify } from "~/lib/notify";
import { usePinForm } from "~/lib/pin-form";
import { FormProblem } from "~/lib/problem";
import { passwordHint, type ResetPasswordValues, resetPasswordSchema } from "./account-schemas";
import { useResetPasswordMutation } from "./mutations";

/** The e-mailed reset code and the new password (twice); then sign in with it. */
export function ResetPasswordForm({ email = "" }: { email?: string }) {
  const router = useRouter();
  const reset = useResetPasswordMutation();
  const form = usePinForm({
    defaultValues: { email, code: "", password: "", passwordConfirmation: "" } as ResetPasswordValues,
    validators: { onChange: resetPasswordSchema },
    onSubmit: async ({ value }) => {
      try {
        await reset.mutateAsync(value);
      } catch {
        // Shown in the form (reset.error); everything typed stays.
        return;
      }
      notify.success("Your password has been changed. Sign in with your new password.", {
        id: "password-reset",
      });
      await router.navigate({ to: "/sign-in", search: { email: value.email.trim() } });
    },
  });

  return (
    <form.AppForm>
      <form.Form aria-label="Reset password">
        {email ? null : (
          <form.AppField name="email">
            {(field) => <field.TextInput label="Email" type="email" autoComplete="email" />}
          </form.AppField>
        )}
        <form.AppField name="code">
          {(field) => <field.PinField label="Reset code" autoFocus={Boolean(email)} size="lg" />}
        </form.AppField>
        <form.AppField name="password">
          {(field) => (
            <field.PasswordInput label="New password" autoComplete="new-password" hint={passwordHint} />
          )}
        </form.AppField>
        <form.AppField name="passwordConfirmation">
          {(field) => <field.PasswordInput label="Confirm new password" autoComplete="new-password" />}
        </form.AppField>
        <FormProblem error={reset.error} />
        <form.SubmitButton size="lg" className="w-full">
          Reset password
        </form.SubmitButton>
      </form.Form>
    </form.AppForm>
  );
}
