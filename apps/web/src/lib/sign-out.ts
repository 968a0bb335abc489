import { useRouter } from "@tanstack/react-router";
import { useCallback } from "react";
import { auth } from "./auth";
import { queryClient } from "./query-client";
import { clearStoredState } from "./stored-state";

/** Forgets everything the app knows about the user: the session, every stored area and every cached query. */
export function signOut() {
  auth.clear();
  clearStoredState();
  queryClient.clear();
}

export function useSignOut() {
  const router = useRouter();
  return useCallback(async () => {
    signOut();
    await router.navigate({ to: "/sign-in" });
    await router.invalidate();
  }, [router]);
}
