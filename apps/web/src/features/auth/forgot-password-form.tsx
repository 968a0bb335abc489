import { useRouter } from "@tanstack/react-router";
import { useAppForm } from "~/lib/form";
import { notify } from "~/lib/notify";
import { FormProblem } from "~/lib/problem";
import { type ForgotPasswordValues, forgotPasswordSchema } from "./account-schemas";
import { useForgotPasswordMutation } from "./mutations";

/** The address to e-mail a reset code to; then on to /reset-password with it. */
export function ForgotPasswordForm({ email = "" }: { email?: string }) {
  const router = useRouter();
  const forgot = useForgotPasswordMutation();
  const form = useAppForm({
    defaultValues: { email } as ForgotPasswordValues,
    validators: { onChange: forgotPasswordSchema },
    onSubmit: async ({ value }) => {
      const address = value.email.trim();
      try {
        const { message } = await forgot.mutateAsync(value);
        notify.success(message, { id: "reset-code-sent" });
        await router.navigate({ to: "/reset-password", search: { email: address } });
      } catch {
        // Shown in the form (forgot.error).
      }
    },
  });

  return (
    <form.AppForm>
      <form.Form aria-label="Forgot password">
        <form.AppField name="email">
          {(field) => (
            <field.TextInput label="Email" type="email" autoComplete="email" placeholder="you@company.com" />
          )}
        </form.AppField>
        <FormProblem error={forgot.error} />
        <form.SubmitButton size="lg" className="w-full">
          Send reset code
        </form.SubmitButton>
      </form.Form>
    </form.AppForm>
  );
}
