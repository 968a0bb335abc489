import { createApiClient } from "@brandscope/api-client";
import { auth } from "./auth";
import { currentBrand } from "./current-brand";

/** The one API client. Features wrap its calls in query options; nothing else talks to the server. */
export const api = createApiClient({
  baseUrl: "/api",
  getBrandId: currentBrand.get,
  session: {
    getIdToken: () => auth.get().access_token || undefined,
    getRefreshCredentials() {
      const { refresh_token, user } = auth.get();
      return refresh_token && user ? { email: user.email, refreshToken: refresh_token } : undefined;
    },
    reload: () => auth.reload(),
    onTokenRefreshed(idToken, refreshToken) {
      auth.set(
        refreshToken ? { access_token: idToken, refresh_token: refreshToken } : { access_token: idToken },
      );
    },
    // The router listens for expiry and sends the user to /sign-in.
    onSessionExpired: () => auth.expire(),
  },
});
