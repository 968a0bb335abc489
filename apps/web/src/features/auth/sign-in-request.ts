import { unwrap } from "@brandscope/api-client";
import { api } from "~/lib/api";
import { isApiError } from "~/lib/problem";
import type { SignInValues } from "./schemas";

/*
 * POST /auth/login, on its own and without TanStack Query's useMutation: the sign-in route has a 150 KB gzip budget
 * (e2e/bundle.e2e.test.ts) that the form library already stretches, and the form's own submit state (busy, no
 * double submit) is all this one call needs. The other auth forms use the hooks of mutations.ts.
 */
export function signInRequest({ email, password }: SignInValues) {
  return unwrap(api.POST("/auth/login", { body: { email: email.trim(), password } }));
}

/** 403 ACCOUNT_NOT_CONFIRMED: the account exists but its e-mail code was never entered. */
export const isUnconfirmedAccount = (error: unknown) => isApiError(error, 403, "ACCOUNT_NOT_CONFIRMED");
