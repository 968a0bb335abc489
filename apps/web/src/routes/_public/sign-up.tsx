import { createFileRoute, Link } from "@tanstack/react-router";
import { AuthScreen, authLinkClass } from "~/features/auth/auth-screen";
import { SignUpForm } from "~/features/auth/sign-up-form";

export const Route = createFileRoute("/_public/sign-up")({ component: SignUpScreen });

function SignUpScreen() {
  return (
    <AuthScreen
      title="Create your account"
      description="Start a 14-day free trial. No card needed."
      footer={
        <>
          Already have an account?{" "}
          <Link to="/sign-in" className={authLinkClass}>
            Sign in
          </Link>
        </>
      }
    >
      <SignUpForm />
    </AuthScreen>
  );
}
