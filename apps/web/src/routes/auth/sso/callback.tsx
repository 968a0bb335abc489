import type { LoginResponse } from "@brandscope/api-client";
import { LoadingScreen } from "@brandscope/ui/loading-screen";
import { createFileRoute, useRouter } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { z } from "zod/mini";
import { pathAfterSignIn } from "~/features/auth/paths";
import { SignInFailed } from "~/features/auth/sign-in-failed";
import { clearPendingSsoSignIn, finishSsoSignIn, readPendingSsoSignIn } from "~/features/auth/sso";
import { auth } from "~/lib/auth";
import { problemText } from "~/lib/problem";

const optionalText = z.catch(z.optional(z.string().check(z.maxLength(4096))), undefined);

/**
 * Where a workspace's OpenID Connect identity provider sends the browser back (the redirect URI its owner
 * registered there): /auth/sso/callback?code=…&state=…; and where the SAML assertion consumer service sends it
 * on: /auth/sso/callback?handoff=… (the server checks that this browser started it). Public: it is the sign-in.
 */
export const Route = createFileRoute("/auth/sso/callback")({
  validateSearch: z.object({
    code: optionalText,
    state: optionalText,
    error: optionalText,
    iss: optionalText,
    handoff: optionalText,
  }),
  component: SsoCallback,
});

function SsoCallback() {
  const { code, state, error, iss, handoff } = Route.useSearch();
  const router = useRouter();
  const [problem, setProblem] = useState<string>();

  useEffect(() => {
    const pending = readPendingSsoSignIn();
    const signedIn = async (login: LoginResponse) => {
      auth.signIn(login);
      await router.navigate({ href: pathAfterSignIn(login.isFirstTime, pending?.redirect), replace: true });
    };
    // SAML: the server checks that this browser started the sign-in (its cookie); IdP-initiated has no state.
    if (handoff) return finishSignIn({ handoff }, signedIn, setProblem);
    if (error || !code || !state) {
      clearPendingSsoSignIn();
      setProblem("Signing in with single sign-on was cancelled or did not complete.");
      return;
    }
    if (pending && pending.state !== state) {
      clearPendingSsoSignIn();
      setProblem("This sign-in does not match the one started here. Please start again.");
      return;
    }
    return finishSignIn(iss ? { code, state, iss } : { code, state }, signedIn, setProblem);
  }, [code, state, error, iss, handoff, router]);

  if (!problem) return <LoadingScreen label="Signing you in with single sign-on" />;
  return <SignInFailed problem={problem} back={{ to: "/sso", label: "Back to single sign-on" }} />;
}

/** POST /auth/sso, then into the app or the refusal on screen; the cleanup drops an answer that comes too late. */
function finishSignIn(
  body: Parameters<typeof finishSsoSignIn>[0],
  signedIn: (login: LoginResponse) => Promise<void>,
  refused: (problem: string) => void,
) {
  let current = true;
  finishSsoSignIn(body).then(
    async (login) => {
      clearPendingSsoSignIn();
      if (current) await signedIn(login);
    },
    (failure: unknown) => {
      if (!current) return;
      clearPendingSsoSignIn();
      refused(problemText(failure));
    },
  );
  return () => {
    current = false;
  };
}
