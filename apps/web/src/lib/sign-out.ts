import { useRouter } from "@tanstack/react-router";
import { useCallback } from "react";
import { api } from "./api";
import { auth, isSignedIn } from "./auth";
import { currentBrand } from "./current-brand";
import { queryClient } from "./query-client";
import { clearStoredState } from "./stored-state";

/** How long Logout waits for the server to revoke the session before it signs out anyway. */
const LOGOUT_WAIT_MS = 2000;

/** Forgets everything the app knows about the user: the session, every stored area and every cached query. */
export function signOut() {
  auth.clear();
  clearStoredState();
  currentBrand.set(undefined);
  queryClient.clear();
}

/**
 * Asks the server to revoke the session (POST /auth/logout: its refresh tokens stop working at once). Best effort:
 * an unreachable or slow server never keeps anyone signed in here, so it is given a moment and then let go.
 */
async function revokeSession() {
  if (!isSignedIn(auth.get())) return;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), LOGOUT_WAIT_MS);
  try {
    await api.POST("/auth/logout", { signal: controller.signal });
  } catch {
    // Signed out locally all the same.
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Logout (docs/product.md §2): revoke the session, clear all stored state, and go to /sign-in — with where to
 * return and the address to start from when the user is only asked to sign in again.
 */
export function useSignOut() {
  const router = useRouter();
  return useCallback(
    async (again?: { redirect: string; email: string }) => {
      await revokeSession();
      signOut();
      await router.navigate({ to: "/sign-in", search: again ?? {} });
      await router.invalidate();
    },
    [router],
  );
}
