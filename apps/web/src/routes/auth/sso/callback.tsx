import type { LoginResponse } from "@brandscope/api-client";
import { LoadingScreen } from "@brandscope/ui/loading-screen";
import { createFileRoute, useRouter } from "@tanstack/react-router";
import { useCallback, useEffect, useState } from "react";
import { z } from "zod/mini";
import { ConfirmSsoSignIn } from "~/features/auth/confirm-sso-sign-in";
import { pathAfterSignIn } from "~/features/auth/paths";
import { SignInFailed } from "~/features/auth/sign-in-failed";
import {
  clearPendingSsoSignIn,
  describeSsoHandoff,
  finishSsoSignIn,
  readPendingSsoSignIn,
} from "~/features/auth/sso";
import { auth } from "~/lib/auth";
import { problemText } from "~/lib/problem";

const optionalText = z.catch(z.optional(z.string().check(z.maxLength(4096))), undefined);

/**
 * Where a workspace's OpenID Connect identity provider sends the browser back (the redirect URI its owner
 * registered there): /auth/sso/callback?code=…&state=…; and where the SAML assertion consumer service sends it
 * on: /auth/sso/callback?handoff=…. Public: it is the sign-in. Every sign-in must have been started from this
 * browser (the server checks its cookie; OpenID Connect's state must also be this tab's), except a SAML sign-in
 * the identity provider's own page sent, which first asks its person to confirm the account and workspace.
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

type Confirmation = { email: string; workspaceName: string; handoff: string };

function SsoCallback() {
  const { code, state, error, iss, handoff } = Route.useSearch();
  const router = useRouter();
  const [problem, setProblem] = useState<string>();
  const [confirmation, setConfirmation] = useState<Confirmation>();

  const signedIn = useCallback(
    async (login: LoginResponse) => {
      const pending = readPendingSsoSignIn();
      clearPendingSsoSignIn();
      auth.signIn(login);
      await router.navigate({ href: pathAfterSignIn(login.isFirstTime, pending?.redirect), replace: true });
    },
    [router],
  );

  useEffect(() => {
    if (handoff) {
      let current = true;
      const refuse = (failure: unknown) => {
        if (!current) return;
        clearPendingSsoSignIn();
        setProblem(problemText(failure));
      };
      describeSsoHandoff(handoff).then((described) => {
        if (!current) return;
        if (described.initiatedBy === "identity-provider") {
          setConfirmation({ email: described.email, workspaceName: described.workspaceName, handoff });
          return;
        }
        finishSsoSignIn({ handoff }).then((login) => (current ? signedIn(login) : undefined), refuse);
      }, refuse);
      return () => {
        current = false;
      };
    }
    if (error || !code || !state) {
      clearPendingSsoSignIn();
      setProblem("Signing in with single sign-on was cancelled or did not complete.");
      return;
    }
    const pending = readPendingSsoSignIn();
    if (!pending) {
      setProblem("No single sign-on was started in this browser tab. Please start again.");
      return;
    }
    if (pending.state !== state) {
      clearPendingSsoSignIn();
      setProblem("This sign-in does not match the one started here. Please start again.");
      return;
    }
    let current = true;
    finishSsoSignIn(iss ? { code, state, iss } : { code, state }).then(
      (login) => (current ? signedIn(login) : undefined),
      (failure: unknown) => {
        if (!current) return;
        clearPendingSsoSignIn();
        setProblem(problemText(failure));
      },
    );
    return () => {
      current = false;
    };
  }, [code, state, error, iss, handoff, signedIn]);

  if (problem) {
    return <SignInFailed problem={problem} back={{ to: "/sso", label: "Back to single sign-on" }} />;
  }
  if (confirmation) {
    return (
      <ConfirmSsoSignIn
        email={confirmation.email}
        workspaceName={confirmation.workspaceName}
        onConfirm={() => {
          finishSsoSignIn({ handoff: confirmation.handoff, confirmed: true }).then(
            signedIn,
            (failure: unknown) => setProblem(problemText(failure)),
          );
        }}
      />
    );
  }
  return <LoadingScreen label="Signing you in with single sign-on" />;
}
