import { Logo } from "@brandscope/ui/logo";
import { ButtonLink } from "~/lib/link";

/** Where a provider's callback ends when the sign-in did not complete: why, and the way back. */
export function SignInFailed({
  problem,
  back,
}: {
  problem: string;
  back: { to: "/sign-in" | "/sso"; label: string };
}) {
  return (
    <div className="bg-background flex min-h-dvh flex-col items-center justify-center gap-6 px-6 text-center">
      <Logo />
      <div className="flex max-w-md flex-col gap-2">
        <h1 className="text-foreground text-2xl font-semibold tracking-tight">We could not sign you in</h1>
        <p role="alert" className="text-muted-foreground text-sm leading-relaxed">
          {problem}
        </p>
      </div>
      <ButtonLink to={back.to}>{back.label}</ButtonLink>
    </div>
  );
}
