import { ApiError, unwrap } from "@brandscope/api-client";
import { useMutation } from "@tanstack/react-query";
import { useRef } from "react";
import { api } from "~/lib/api";
import { isApiError } from "~/lib/problem";
import type {
  ConfirmationValues,
  ForgotPasswordValues,
  ResetPasswordValues,
  SignUpValues,
} from "./account-schemas";

// Auth forms show their failures inside the form (docs/product.md §8: server errors shown in the form), so none of
// these mutations toasts.

/** The browser's IANA time zone, when it reports one; the server keeps UTC otherwise. */
function browserTimeZone(): { timeZone?: string } {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return timeZone ? { timeZone } : {};
}

export function useSignUpMutation() {
  return useMutation({
    mutationFn: ({
      firstName,
      lastName,
      email,
      password,
      passwordConfirmation,
      invitationToken,
    }: SignUpValues & { invitationToken?: string }) =>
      unwrap(
        api.POST("/auth/signup", {
          body: {
            firstName: firstName.trim(),
            lastName: lastName.trim(),
            email: email.trim(),
            password,
            passwordConfirmation,
            // The server keeps the invitation on the new account, so joining survives the confirmation in any tab.
            ...(invitationToken ? { invitationToken } : {}),
            // The weekly digest's day and hour are the member's local ones (docs/digest.md).
            ...browserTimeZone(),
          },
        }),
      ),
  });
}

export function useConfirmSignUpMutation() {
  return useMutation({
    mutationFn: ({ email, confirmationCode }: ConfirmationValues) =>
      unwrap(api.POST("/auth/confirm", { body: { email: email.trim(), code: confirmationCode } })),
  });
}

/**
 * Seconds to wait before the next resend when the server does not say (docs/decisions.md "Sign-in limits": resend
 * has a cool-down).
 */
export const DEFAULT_RESEND_COOLDOWN_SECONDS = 60;

export type ResendResult = {
  /** False when the server refused because the cool-down is still running (429). */
  sent: boolean;
  /** What the server said, fit to show. */
  message: string;
  /** Seconds until the next resend may be asked for. */
  cooldownSeconds: number;
};

function retryAfterSeconds(response: Response): number | undefined {
  const header = response.headers.get("Retry-After");
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/**
 * POST /auth/resend-confirmation. The server's cool-down is shown as a countdown: its Retry-After header when it
 * sends one (on the refusal, and on success if it likes), else DEFAULT_RESEND_COOLDOWN_SECONDS after a success.
 */
export function useResendConfirmationMutation() {
  return useMutation({
    mutationFn: async (email: string): Promise<ResendResult> => {
      const call = api.POST("/auth/resend-confirmation", { body: { email: email.trim() } });
      try {
        const { message } = await unwrap(call);
        const { response } = await call;
        return {
          sent: true,
          message,
          cooldownSeconds: retryAfterSeconds(response) ?? DEFAULT_RESEND_COOLDOWN_SECONDS,
        };
      } catch (error) {
        if (!isApiError(error, 429)) throw error;
        const { response } = await call;
        return {
          sent: false,
          message: error.serverMessage ?? "Please wait a little before asking for another code.",
          cooldownSeconds: retryAfterSeconds(response) ?? DEFAULT_RESEND_COOLDOWN_SECONDS,
        };
      }
    },
  });
}

export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: ({ email }: ForgotPasswordValues) =>
      unwrap(api.POST("/auth/forgot-password", { body: { email: email.trim() } })),
  });
}

/**
 * Reset in two calls: the e-mailed code buys a single-use reset token (POST /auth/forgot-password/confirm), which
 * sets the new password (POST /auth/reset-password). The code is single use, so the token is kept for the same
 * e-mail and code: when the server refuses the new password (a common one, say), the next try skips the code.
 */
export function useResetPasswordMutation() {
  const tokens = useRef(new Map<string, string>()).current;
  return useMutation({
    mutationFn: async ({ email, code, password, passwordConfirmation }: ResetPasswordValues) => {
      const address = email.trim();
      const key = `${address}\n${code}`;
      let resetToken = tokens.get(key);
      if (!resetToken) {
        ({ resetToken } = await unwrap(
          api.POST("/auth/forgot-password/confirm", { body: { email: address, code } }),
        ));
        tokens.set(key, resetToken);
      }
      try {
        const result = await unwrap(
          api.POST("/auth/reset-password", {
            body: { email: address, resetToken, password, passwordConfirmation },
          }),
        );
        tokens.delete(key);
        return result;
      } catch (error) {
        // A refused token (expired, used) is no good for a retry; a refused password leaves it valid.
        const refusedToken =
          error instanceof ApiError &&
          (error.code?.includes("TOKEN") || [401, 403, 404, 410].includes(error.status ?? 0));
        if (refusedToken) {
          tokens.delete(key);
        }
        throw error;
      }
    },
  });
}
