import { ApiError, errorMessage } from "@brandscope/api-client";
import { type AuthSession, auth, isSignedIn } from "~/lib/auth";
import { notify } from "~/lib/notify";
import { queryClient } from "~/lib/query-client";
import { countriesOptions, industriesOptions } from "../reference/queries";
import { subscriptionsOptions } from "../subscriptions/queries";
import { meOptions } from "../user/queries";

/**
 * docs/product.md §4: after login, countries, industries, user details and subscriptions are loaded. User details
 * come with the session check itself; the rest are primed into the Query cache here without holding anything up. A
 * failure to load subscriptions is a closable warning toast with the error text (docs/product.md §8).
 */
function loadAfterSignIn() {
  void queryClient.prefetchQuery(countriesOptions());
  void queryClient.prefetchQuery(industriesOptions());
  queryClient.fetchQuery({ ...subscriptionsOptions(), retry: false }).catch((error: unknown) => {
    // A session that ended meanwhile is not worth a warning.
    if (!isSignedIn(auth.get())) return;
    notify.warning(errorMessage(error), {
      id: "subscriptions-failed",
      title: "We could not load your subscription",
      duration: Number.POSITIVE_INFINITY,
    });
  });
}

/**
 * The session check of lib/auth.ts: GET /user/me vouches for a stored (or brand-new) session and fills in the
 * user. The api client refreshes the idToken once on 401; when that fails too the session is over (null). Any
 * other failure (no response, a 5xx) keeps the session, since the server could not say it is invalid, and shows a
 * closable warning toast (docs/product.md §8).
 */
export async function confirmWithServer(session: AuthSession): Promise<AuthSession | null> {
  try {
    const user = await queryClient.fetchQuery({ ...meOptions(), staleTime: 0, retry: false });
    if (auth.get().entry_token === session.entry_token) auth.set({ user });
    loadAfterSignIn();
    return auth.get();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      // A failed refresh has cleared the session already; without a refresh token nothing has yet.
      if (isSignedIn(auth.get())) auth.clear();
      return null;
    }
    notify.warning(errorMessage(error), {
      id: "user-details-failed",
      title: "We could not load your details",
      duration: Number.POSITIVE_INFINITY,
    });
    loadAfterSignIn();
    return session;
  }
}
