import { createFileRoute, Link } from "@tanstack/react-router";
import { AuthScreen, authLinkClass } from "~/features/auth/auth-screen";
import { SsoSignInForm } from "~/features/auth/sso-sign-in-form";
import { signInSearchSchema } from "~/lib/redirect-search";

/** Its own route, so that the sign-in screen carries none of it (its JavaScript budget is nearly spent). */
export const Route = createFileRoute("/_public/sso")({
  validateSearch: signInSearchSchema,
  component: SsoSignInScreen,
});

function SsoSignInScreen() {
  const { email, redirect } = Route.useSearch();
  return (
    <AuthScreen
      title="Sign in with SSO"
      description="Enter your work e-mail: we send you to your company's sign-in page."
      footer={
        <>
          Not using single sign-on?{" "}
          <Link to="/sign-in" search={{ email, redirect }} className={authLinkClass}>
            Sign in with a password
          </Link>
        </>
      }
    >
      <SsoSignInForm email={email} redirect={redirect} />
    </AuthScreen>
  );
}
