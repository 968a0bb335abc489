import { Link, useRouter } from "@tanstack/react-router";
import { useState } from "react";
import { auth } from "~/lib/auth";
import { useAppForm } from "~/lib/form";
import { FormProblem } from "~/lib/problem";
import { authLinkClass } from "./auth-screen";
import { pathAfterSignIn } from "./paths";
import { type SignInValues, signInSchema } from "./schemas";
import { isUnconfirmedAccount, signInRequest } from "./sign-in-request";

export function SignInForm({ email = "", redirect }: { email?: string; redirect?: string }) {
  const router = useRouter();
  const [problem, setProblem] = useState<unknown>();
  const form = useAppForm({
    defaultValues: { email, password: "" } as SignInValues,
    validators: { onChange: signInSchema },
    onSubmit: async ({ value }) => {
      let login: Awaited<ReturnType<typeof signInRequest>>;
      setProblem(undefined);
      try {
        login = await signInRequest(value);
      } catch (error) {
        // The account exists but was never confirmed: the confirmation screen takes it from here.
        if (isUnconfirmedAccount(error)) {
          await router.navigate({ to: "/confirmation", search: { email: value.email.trim() } });
        } else {
          // Shown in the form; everything typed stays.
          setProblem(error);
        }
        return;
      }
      auth.signIn(login);
      // A new account may have signed up from an invitation: the server's check of the session says so.
      const session = login.isFirstTime ? await auth.ensureSession() : null;
      const invited = Boolean(session?.user?.pendingInvitation);
      await router.navigate({ href: pathAfterSignIn(login.isFirstTime, redirect, invited) });
    },
  });

  return (
    <form.AppForm>
      <form.Form aria-label="Sign in">
        <form.AppField name="email">
          {(field) => (
            <field.TextInput label="Email" type="email" autoComplete="email" placeholder="you@company.com" />
          )}
        </form.AppField>
        <div className="flex flex-col gap-2">
          <form.AppField name="password">
            {(field) => <field.PasswordInput label="Password" autoComplete="current-password" />}
          </form.AppField>
          <Link to="/forgot-password" className={`${authLinkClass} self-end text-sm`}>
            Forgot password?
          </Link>
        </div>
        <FormProblem error={problem} />
        <form.SubmitButton size="lg" className="w-full">
          Sign in
        </form.SubmitButton>
      </form.Form>
    </form.AppForm>
  );
}
