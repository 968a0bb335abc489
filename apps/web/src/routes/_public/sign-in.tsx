import { createFileRoute, Link } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { AuthScreen, authLinkClass } from "~/features/auth/auth-screen";
import { loadSocialProviders } from "~/features/auth/queries";
import { SignInForm } from "~/features/auth/sign-in-form";
import { signInSearchSchema } from "~/lib/redirect-search";

// Social sign-in is loaded only when the server has a provider configured (docs/decisions.md "Social sign-in").
const SocialSignIn = lazy(() =>
  import("~/features/auth/social-sign-in").then(({ SocialSignIn }) => ({ default: SocialSignIn })),
);

export const Route = createFileRoute("/_public/sign-in")({
  validateSearch: signInSearchSchema,
  loader: ({ context }) => loadSocialProviders(context.queryClient),
  component: SignInScreen,
});

function SignInScreen() {
  const { redirect, email } = Route.useSearch();
  const socialProviders = Route.useLoaderData();
  return (
    <AuthScreen
      title="Sign in"
      description="Welcome back. Sign in to see how your brand is doing."
      footer={
        <>
          New to Brandscope?{" "}
          <Link to="/sign-up" className={authLinkClass}>
            Create an account
          </Link>
        </>
      }
    >
      <div className="flex flex-col gap-6">
        <SignInForm email={email} redirect={redirect} />
        <Link to="/sso" search={{ email, redirect }} className={`${authLinkClass} self-center text-sm`}>
          Sign in with SSO
        </Link>
        {socialProviders.length > 0 ? (
          <Suspense fallback={null}>
            <SocialSignIn providers={socialProviders} redirect={redirect} />
          </Suspense>
        ) : null}
      </div>
    </AuthScreen>
  );
}
