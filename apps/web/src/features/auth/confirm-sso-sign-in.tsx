import { Button } from "@brandscope/ui/button";
import { Logo } from "@brandscope/ui/logo";
import { useState } from "react";
import { ButtonLink } from "~/lib/link";

/**
 * An IdP-initiated SAML sign-in (docs/single-sign-on.md): anyone can post a response of their own identity provider
 * to the app, so nothing is signed in until the person has read which account and which workspace this is, and
 * said so here (login CSRF).
 */
export function ConfirmSsoSignIn({
  email,
  workspaceName,
  onConfirm,
}: {
  email: string;
  workspaceName: string;
  onConfirm: () => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <div className="bg-background flex min-h-dvh flex-col items-center justify-center gap-6 px-6 text-center">
      <Logo />
      <div className="flex max-w-md flex-col gap-2">
        <h1 className="text-foreground text-2xl font-semibold tracking-tight">Confirm your sign-in</h1>
        <p className="text-muted-foreground text-sm leading-relaxed">
          Your identity provider is signing you in to the workspace{" "}
          <strong className="text-foreground">{workspaceName}</strong> as{" "}
          <strong className="text-foreground">{email}</strong>. Continue only if this is your account and you
          started this sign-in.
        </p>
      </div>
      <div className="flex flex-wrap justify-center gap-3">
        <Button
          aria-busy={busy}
          disabled={busy}
          onClick={() => {
            setBusy(true);
            onConfirm();
          }}
        >
          Continue as {email}
        </Button>
        <ButtonLink to="/sign-in" emphasis="secondary">
          Cancel
        </ButtonLink>
      </div>
    </div>
  );
}
