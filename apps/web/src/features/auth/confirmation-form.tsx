import { useStore } from "@tanstack/react-form";
import { useRouter } from "@tanstack/react-router";
import { usePinForm } from "~/lib/pin-form";
import { FormProblem, isApiError } from "~/lib/problem";
import { type ConfirmationValues, confirmationSchema } from "./account-schemas";
import { notifyAccountConfirmed } from "./confirmed-toast";
import { useConfirmSignUpMutation } from "./mutations";
import { ResendCode } from "./resend-code";

/** The 6-digit code from the sign-up e-mail; the address comes along from sign-up or sign-in when it can. */
export function ConfirmationForm({ email = "" }: { email?: string }) {
  const router = useRouter();
  const confirm = useConfirmSignUpMutation();
  const form = usePinForm({
    defaultValues: { email, confirmationCode: "" } as ConfirmationValues,
    validators: { onChange: confirmationSchema },
    onSubmit: async ({ value }) => {
      try {
        await confirm.mutateAsync(value);
        notifyAccountConfirmed(router, "Your email address is confirmed. Sign in to get started.");
      } catch (error) {
        // Shown in the form (confirm.error); the digits stay for a correction.
        if (!isApiError(error, 400, "ACCOUNT_ALREADY_CONFIRMED")) return;
        notifyAccountConfirmed(router, "Your email address was already confirmed. Sign in to get started.");
      }
      await router.navigate({ to: "/sign-in", search: { email: value.email.trim() } });
    },
  });
  const address = useStore(form.store, (state) => state.values.email);

  return (
    <form.AppForm>
      <form.Form aria-label="Confirm your email">
        {email ? null : (
          <form.AppField name="email">
            {(field) => <field.TextInput label="Email" type="email" autoComplete="email" />}
          </form.AppField>
        )}
        <form.AppField name="confirmationCode">
          {(field) => <field.PinField label="Confirmation code" autoFocus={Boolean(email)} size="lg" />}
        </form.AppField>
        <FormProblem error={confirm.error} />
        <form.SubmitButton size="lg" className="w-full">
          Confirm
        </form.SubmitButton>
        <ResendCode email={address.trim()} />
      </form.Form>
    </form.AppForm>
  );
}
