import { createFileRoute, Link } from "@tanstack/react-router";
import { AuthScreen, authLinkClass } from "~/features/auth/auth-screen";
import { ConfirmationForm } from "~/features/auth/confirmation-form";
import { emailSearchSchema } from "~/lib/redirect-search";

export const Route = createFileRoute("/_public/confirmation")({
  validateSearch: emailSearchSchema,
  component: ConfirmationScreen,
});

function ConfirmationScreen() {
  const { email } = Route.useSearch();
  return (
    <AuthScreen
      title="Confirm your email"
      description={
        email ? (
          <>
            Enter the 6-digit code we sent to <span className="text-foreground font-medium">{email}</span>.
          </>
        ) : (
          "Enter your email address and the 6-digit code we sent to it."
        )
      }
      footer={
        <>
          Already confirmed?{" "}
          <Link to="/sign-in" search={{ email }} className={authLinkClass}>
            Sign in
          </Link>
        </>
      }
    >
      <ConfirmationForm email={email} />
    </AuthScreen>
  );
}
