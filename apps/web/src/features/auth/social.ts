import { type components, type LoginResponse, unwrap } from "@brandscope/api-client";
import { useMutation } from "@tanstack/react-query";
import { api } from "~/lib/api";

/*
 * Social sign-in through OpenID Connect (docs/decisions.md "Social sign-in"): POST /auth/social/authorize sends the
 * browser to the provider, which sends it back to /auth/callback/$provider, which finishes with POST /auth/social.
 * Its own module: the sign-in screen loads it only when the server has a provider configured.
 */
type SocialProviderId = components["schemas"]["SocialProviderId"];

const SOCIAL_STATE_KEY = "brandscope.social-sign-in";

/** What the browser remembers between leaving for the provider and coming back to the callback route. */
export type PendingSocialSignIn = { provider: SocialProviderId; state: string; redirect?: string };

export function socialCallbackUrl(provider: SocialProviderId): string {
  return `${window.location.origin}/auth/callback/${provider}`;
}

/** POST /auth/social/authorize, then off to the provider's sign-in page. */
export function useStartSocialSignInMutation() {
  return useMutation({
    mutationFn: async ({ provider, redirect }: { provider: SocialProviderId; redirect?: string }) => {
      const { authorizationUrl, state } = await unwrap(
        api.POST("/auth/social/authorize", {
          body: { provider, redirectUri: socialCallbackUrl(provider) },
        }),
      );
      const pending: PendingSocialSignIn = redirect ? { provider, state, redirect } : { provider, state };
      sessionStorage.setItem(SOCIAL_STATE_KEY, JSON.stringify(pending));
      window.location.assign(authorizationUrl);
      // The page is leaving: keep the button busy until it has.
      return new Promise<never>(() => {});
    },
  });
}

/** The sign-in started from this tab, if any. */
export function readPendingSocialSignIn(): PendingSocialSignIn | undefined {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(SOCIAL_STATE_KEY) ?? "null");
    if (typeof value !== "object" || value === null) return undefined;
    const { provider, state, redirect } = value as Record<string, unknown>;
    if (typeof provider !== "string" || typeof state !== "string") return undefined;
    return {
      provider: provider as SocialProviderId,
      state,
      // Only a path on this origin, as for ?redirect= (lib/redirect-search.ts).
      ...(typeof redirect === "string" && /^\/(?![/\\])/.test(redirect) ? { redirect } : {}),
    };
  } catch {
    return undefined;
  }
}

/** A state is good for one callback: forget it once the callback is done with it. */
export function clearPendingSocialSignIn() {
  sessionStorage.removeItem(SOCIAL_STATE_KEY);
}

let pendingSocial:
  | { answer: string; controller: AbortController; result: Promise<LoginResponse> }
  | undefined;

/**
 * POST /auth/social with the provider's code (or Facebook's ID token). docs/product.md §7: a new call cancels any
 * earlier one still pending. The same answer sent twice (React's development double effects) shares the one call: a
 * code or ID token can be redeemed only once.
 */
export function finishSocialSignIn(
  body: components["schemas"]["SocialLoginRequest"],
): Promise<LoginResponse> {
  const answer = body.code ?? body.idToken ?? "";
  if (pendingSocial?.answer === answer) return pendingSocial.result;
  pendingSocial?.controller.abort();
  const controller = new AbortController();
  const result = unwrap(api.POST("/auth/social", { body, signal: controller.signal }));
  const entry = { answer, controller, result };
  pendingSocial = entry;
  const settle = () => {
    if (pendingSocial === entry) pendingSocial = undefined;
  };
  result.then(settle, settle);
  return result;
}
