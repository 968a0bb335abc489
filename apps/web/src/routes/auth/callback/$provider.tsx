import { LoadingScreen } from "@brandscope/ui/loading-screen";
import { createFileRoute, useRouter } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { z } from "zod/mini";
import { pathAfterSignIn } from "~/features/auth/paths";
import { SignInFailed } from "~/features/auth/sign-in-failed";
import {
  clearPendingSocialSignIn,
  finishSocialSignIn,
  readPendingSocialSignIn,
} from "~/features/auth/social";
import { auth, socialProviders } from "~/lib/auth";
import { problemText } from "~/lib/problem";

const optionalText = z.catch(z.optional(z.string().check(z.maxLength(2048))), undefined);

/**
 * Where an OpenID Connect provider sends the browser back (`redirectUri` of POST /auth/social/authorize):
 * /auth/callback/google?code=…&state=…, or for Facebook (response_type=id_token) /auth/callback/facebook#id_token=…
 * &state=…. Public, outside the auth layout's guard: it is the sign-in itself.
 */
export const Route = createFileRoute("/auth/callback/$provider")({
  validateSearch: z.object({
    code: optionalText,
    state: optionalText,
    error: optionalText,
    // RFC 9207: the issuer, when the provider names itself in the callback.
    iss: optionalText,
  }),
  component: SocialCallback,
});

function isAbort(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === "AbortError" || (error.cause instanceof Error && error.cause.name === "AbortError");
}

/** Facebook answers in the fragment, which only the browser sees: #id_token=…&state=… or #error=…. */
function readFragment(): { idToken?: string; state?: string; error?: string } {
  if (typeof window === "undefined") return {};
  const params = new URLSearchParams(window.location.hash.slice(1));
  const text = (name: string) => {
    const value = params.get(name);
    return value && value.length <= 8192 ? value : undefined;
  };
  return { idToken: text("id_token"), state: text("state"), error: text("error") };
}

const providerNames = { google: "Google", facebook: "Facebook", apple: "Apple" } as const;

function SocialCallback() {
  const { provider } = Route.useParams();
  const search = Route.useSearch();
  const [fragment] = useState(readFragment);
  const { code, iss } = search;
  const { idToken } = fragment;
  const state = search.state ?? fragment.state;
  const error = search.error ?? fragment.error;
  const router = useRouter();
  const [problem, setProblem] = useState<string>();
  const known = socialProviders.find((id) => id === provider);
  const name = known ? providerNames[known] : provider;

  useEffect(() => {
    if (!known) {
      setProblem("This sign-in provider is not available.");
      return;
    }
    if (error || !(code || idToken) || !state) {
      clearPendingSocialSignIn();
      // sign_in_expired: the server's form_post callback (Apple) did not know the state.
      setProblem(
        error === "sign_in_expired"
          ? "This sign-in has expired. Please start again."
          : `Signing in with ${providerNames[known]} was cancelled or did not complete.`,
      );
      return;
    }
    // Only a sign-in started in this tab finishes here (the server also checks this browser's cookie): a link
    // or form of someone else's cannot sign this browser in to their account (login CSRF).
    const pending = readPendingSocialSignIn();
    if (!pending) {
      setProblem(
        `No sign-in with ${providerNames[known]} was started in this browser tab. Please start again.`,
      );
      return;
    }
    if (pending.provider !== known || pending.state !== state) {
      clearPendingSocialSignIn();
      setProblem("This sign-in does not match the one started here. Please start again.");
      return;
    }
    let current = true;
    const answer = idToken ? { idToken } : { code };
    finishSocialSignIn(
      iss ? { provider: known, ...answer, state, iss } : { provider: known, ...answer, state },
    ).then(
      async (login) => {
        clearPendingSocialSignIn();
        if (!current) return;
        auth.signIn(login, known);
        await router.navigate({ href: pathAfterSignIn(login.isFirstTime, pending.redirect), replace: true });
      },
      (failure: unknown) => {
        // Cancelled by a newer sign-in (docs/product.md §7): that one reports.
        if (!current || isAbort(failure)) return;
        clearPendingSocialSignIn();
        setProblem(problemText(failure));
      },
    );
    return () => {
      current = false;
    };
  }, [known, code, idToken, state, error, iss, router]);

  if (!problem) return <LoadingScreen label={`Signing you in with ${name}`} />;
  return <SignInFailed problem={problem} back={{ to: "/sign-in", label: "Back to sign in" }} />;
}
