import { createFileRoute, Link } from "@tanstack/react-router";
import { AuthScreen, authLinkClass } from "~/features/auth/auth-screen";
import { ForgotPasswordForm } from "~/features/auth/forgot-password-form";
import { emailSearchSchema } from "~/lib/redirect-search";

export const Route = createFileRoute("/_public/forgot-password")({
  validateSearch: emailSearchSchema,
  component: ForgotPasswordScreen,
});

function ForgotPasswordScreen() {
  const { email } = Route.useSearch();
  return (
    <AuthScreen
      title="Forgot your password?"
      description="Tell us your email address and we will send you a code to choose a new one."
      footer={
        <>
          Remembered it?{" "}
          <Link to="/sign-in" search={{ email }} className={authLinkClass}>
            Back to sign in
          </Link>
        </>
      }
    >
      <ForgotPasswordForm email={email} />
    </AuthScreen>
  );
}
