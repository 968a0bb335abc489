import type { ServerResponse } from "node:http";

/**
 * A fake provider's consent page opened in a browser (the e2e tests): the user agrees at once, and the browser is
 * sent back to the app's callback with the code and state, as the provider's redirect does. `grant` is the fake's
 * own checks of the request (client, redirect URI, scope, PKCE); when they fail, `refuse` answers the error.
 */
export function redirectAfterConsent(
  res: ServerResponse,
  grant: () => { code: string; state: string; redirectUri: string },
  refuse: (message: string) => void,
): void {
  let granted: ReturnType<typeof grant>;
  try {
    granted = grant();
  } catch (error) {
    refuse((error as Error).message);
    return;
  }
  const back = new URL(granted.redirectUri);
  back.searchParams.set("code", granted.code);
  back.searchParams.set("state", granted.state);
  res.writeHead(302, { location: back.href }).end();
}
