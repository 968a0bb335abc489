import type { components } from "@brandscope/api-client";
import { Link } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { AuthScreen, authLinkClass } from "./auth-screen";
import { SignInForm } from "./sign-in-form";

// Social sign-in is loaded only when the server has a provider configured (docs/decisions.md "Social sign-in").
const SocialSignIn = lazy(() =>
  import("./social-sign-in").then(({ SocialSignIn }) => ({ default: SocialSignIn })),
);

/**
 * The sign-in screen inside the public frame: rendered by the /sign-in route and, at build time without social
 * providers, into the prerendered page (src/prerender/sign-in.tsx).
 */
export function SignInPage({
  email,
  redirect,
  socialProviders,
}: {
  email?: string;
  redirect?: string;
  socialProviders: components["schemas"]["SocialProvider"][];
}) {
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
