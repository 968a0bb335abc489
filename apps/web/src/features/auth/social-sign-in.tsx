import type { components } from "@brandscope/api-client";
import { Button } from "@brandscope/ui/button";
import { FormProblem } from "~/lib/problem";
import { useResetOnRestore } from "./restored-page";
import { useStartSocialSignInMutation } from "./social";

type SocialProviderId = components["schemas"]["SocialProviderId"];
type SocialProvider = components["schemas"]["SocialProvider"];

const providerNames: Record<SocialProviderId, string> = {
  google: "Google",
  facebook: "Facebook",
  apple: "Apple",
};

/**
 * One button per social provider the server has configured (docs/decisions.md "Social sign-in"): none at all when
 * it has none, or when the list cannot be loaded. A click starts the OpenID Connect sign-in and leaves for the
 * provider's page. The route's loader has the list (socialProvidersOptions), so this screen needs no query
 * observer.
 */
export function SocialSignIn({ providers, redirect }: { providers: SocialProvider[]; redirect?: string }) {
  const start = useStartSocialSignInMutation();
  useResetOnRestore(start.reset);
  if (!providers.length) return null;
  return (
    <div className="flex flex-col gap-4">
      <div className="text-muted-foreground flex items-center gap-3 text-xs uppercase">
        <span className="bg-border h-px flex-1" />
        or
        <span className="bg-border h-px flex-1" />
      </div>
      <div className="flex flex-col gap-2">
        {providers.map((provider) => {
          const busy = start.isPending && start.variables?.provider === provider.id;
          return (
            <Button
              key={provider.id}
              emphasis="secondary"
              size="lg"
              className="w-full"
              loading={busy}
              disabled={start.isPending}
              onClick={() =>
                start.mutate(redirect ? { provider: provider.id, redirect } : { provider: provider.id })
              }
            >
              Continue with {provider.name || providerNames[provider.id]}
            </Button>
          );
        })}
      </div>
      {start.error ? <FormProblem error={start.error} /> : null}
    </div>
  );
}
