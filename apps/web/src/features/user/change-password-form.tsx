import {
  type ChangePasswordValues,
  changePasswordSchema,
  passwordHint,
} from "~/features/auth/account-schemas";
import { useAppForm } from "~/lib/form";
import { FormProblem } from "~/lib/problem";
import { useChangePasswordMutation } from "./mutations";

const emptyValues: ChangePasswordValues = { currentPassword: "", password: "", passwordConfirmation: "" };

export function ChangePasswordForm() {
  const change = useChangePasswordMutation();
  const form = useAppForm({
    defaultValues: emptyValues,
    validators: { onChange: changePasswordSchema },
    onSubmit: async ({ value, formApi }) => {
      try {
        await change.mutateAsync(value);
        formApi.reset(emptyValues);
      } catch {
        // Shown in the form (change.error); everything typed stays.
      }
    },
  });
  return (
    <form.AppForm>
      <form.Form aria-label="Change password" className="flex flex-col gap-5">
        <form.AppField name="currentPassword">
          {(field) => <field.PasswordInput label="Current password" autoComplete="current-password" />}
        </form.AppField>
        <div className="grid grid-cols-2 gap-4">
          <form.AppField name="password">
            {(field) => <field.PasswordInput label="New password" autoComplete="new-password" />}
          </form.AppField>
          <form.AppField name="passwordConfirmation">
            {(field) => <field.PasswordInput label="Confirm new password" autoComplete="new-password" />}
          </form.AppField>
        </div>
        <p className="text-muted-foreground -mt-2 text-sm">{passwordHint}</p>
        <FormProblem error={change.error} />
        <div className="flex justify-end">
          <form.SubmitButton>Change password</form.SubmitButton>
        </div>
      </form.Form>
    </form.AppForm>
  );
}
