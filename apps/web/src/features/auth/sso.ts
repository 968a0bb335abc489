import { type components, type LoginResponse, unwrap } from "@brandscope/api-client";
import { useMutation } from "@tanstack/react-query";
import { api } from "~/lib/api";

/*
 * Single sign-on (docs/single-sign-on.md): POST /auth/sso/authorize with the e-mail sends the browser to the
 * workspace's identity provider, which sends it back to /auth/sso/callback, which finishes with POST /auth/sso.
 */
const SSO_STATE_KEY = "brandscope.sso-sign-in";

/** What the browser remembers between leaving for the identity provider and coming back. */
export type PendingSsoSignIn = { state: string; redirect?: string };

/** POST /auth/sso/authorize, then off to the identity provider. */
export function useStartSsoSignInMutation() {
  return useMutation({
    mutationFn: async ({ email, redirect }: { email: string; redirect?: string }) => {
      const { authorizationUrl, state } = await unwrap(
        api.POST("/auth/sso/authorize", { body: { email: email.trim() } }),
      );
      const pending: PendingSsoSignIn = redirect ? { state, redirect } : { state };
      sessionStorage.setItem(SSO_STATE_KEY, JSON.stringify(pending));
      window.location.assign(authorizationUrl);
      // The page is leaving: keep the button busy until it has.
      return new Promise<never>(() => {});
    },
  });
}

/** The single sign-on started from this tab, if any. */
export function readPendingSsoSignIn(): PendingSsoSignIn | undefined {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(SSO_STATE_KEY) ?? "null");
    if (typeof value !== "object" || value === null) return undefined;
    const { state, redirect } = value as Record<string, unknown>;
    if (typeof state !== "string") return undefined;
    // Only a path on this origin, as for ?redirect= (lib/redirect-search.ts).
    return { state, ...(typeof redirect === "string" && /^\/(?![/\\])/.test(redirect) ? { redirect } : {}) };
  } catch {
    return undefined;
  }
}

export function clearPendingSsoSignIn() {
  sessionStorage.removeItem(SSO_STATE_KEY);
}

/** POST /auth/sso/handoff: the account and workspace a SAML hand-off would sign in, and who started it. */
export const describeSsoHandoff = (handoff: string) =>
  unwrap(api.POST("/auth/sso/handoff", { body: { handoff } }));

let pendingFinish: { code: string; result: Promise<LoginResponse> } | undefined;

/**
 * POST /auth/sso with OpenID Connect's code or a SAML hand-off. The same one sent twice (React's development
 * double effects) shares the one call: each is good once.
 */
export function finishSsoSignIn(body: components["schemas"]["SsoLoginRequest"]): Promise<LoginResponse> {
  const code = `${body.handoff ?? body.code ?? ""}${body.confirmed ? ":confirmed" : ""}`;
  if (pendingFinish?.code === code) return pendingFinish.result;
  const result = unwrap(api.POST("/auth/sso", { body }));
  pendingFinish = { code, result };
  return result;
}
