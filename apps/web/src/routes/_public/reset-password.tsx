import { createFileRoute, Link } from "@tanstack/react-router";
import { AuthScreen, authLinkClass } from "~/features/auth/auth-screen";
import { ResetPasswordForm } from "~/features/auth/reset-password-form";
import { emailSearchSchema } from "~/lib/redirect-search";

export const Route = createFileRoute("/_public/reset-password")({
  validateSearch: emailSearchSchema,
  component: ResetPasswordScreen,
});

function ResetPasswordScreen() {
  const { email } = Route.useSearch();
  return (
    <AuthScreen
      title="Choose a new password"
      description={
        email ? (
          <>
            Enter the 6-digit code we sent to <span className="text-foreground font-medium">{email}</span> and
            your new password.
          </>
        ) : (
          "Enter your email address, the code we sent to it and your new password."
        )
      }
      footer={
        <>
          No code?{" "}
          <Link to="/forgot-password" search={{ email }} className={authLinkClass}>
            Send a new one
          </Link>
        </>
      }
    >
      <ResetPasswordForm email={email} />
    </AuthScreen>
  );
}
