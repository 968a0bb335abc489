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
 * registered there): /auth/sso/callback?code=…&state=…. Public: it is the sign-in itself.
 */
export const Route = createFileRoute("/auth/sso/callback")({
  validateSearch: z.object({
    code: optionalText,
    state: optionalText,
    error: optionalText,
    iss: optionalText,
  }),
  component: SsoCallback,
});

function SsoCallback() {
  const { code, state, error, iss } = Route.useSearch();
  const router = useRouter();
  const [problem, setProblem] = useState<string>();

  useEffect(() => {
    if (error || !code || !state) {
      clearPendingSsoSignIn();
      setProblem("Signing in with single sign-on was cancelled or did not complete.");
      return;
    }
    const pending = readPendingSsoSignIn();
    if (pending && pending.state !== state) {
      clearPendingSsoSignIn();
      setProblem("This sign-in does not match the one started here. Please start again.");
      return;
    }
    let current = true;
    finishSsoSignIn(iss ? { code, state, iss } : { code, state }).then(
      async (login) => {
        clearPendingSsoSignIn();
        if (!current) return;
        auth.signIn(login);
        await router.navigate({ href: pathAfterSignIn(login.isFirstTime, pending?.redirect), replace: true });
      },
      (failure: unknown) => {
        if (!current) return;
        clearPendingSsoSignIn();
        setProblem(problemText(failure));
      },
    );
    return () => {
      current = false;
    };
  }, [code, state, error, iss, router]);

  if (!problem) return <LoadingScreen label="Signing you in with single sign-on" />;
  return <SignInFailed problem={problem} back={{ to: "/sso", label: "Back to single sign-on" }} />;
}
