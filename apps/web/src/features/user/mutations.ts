import { ApiError, formData, type User, unwrap } from "@brandscope/api-client";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ChangePasswordValues } from "~/features/auth/account-schemas";
import { api } from "~/lib/api";
import { auth } from "~/lib/auth";
import { notify } from "~/lib/notify";
import { isApiError } from "~/lib/problem";
import { userKeys } from "./queries";
import type { ProfileValues } from "./schemas";

/** The cache and the session both show the user (the user menu reads either): keep them in step. */
export function patchUser(queryClient: QueryClient, patch: Partial<User>) {
  const cached = queryClient.getQueryData<User>(userKeys.me());
  if (cached) queryClient.setQueryData(userKeys.me(), { ...cached, ...patch });
  const { user } = auth.get();
  if (user) auth.set({ user: { ...user, ...patch } });
}

export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ firstName, lastName, phone, country, industry, company }: ProfileValues) =>
      unwrap(
        api.PATCH("/user", {
          body: {
            firstName: firstName.trim(),
            lastName: lastName.trim(),
            phone: phone.trim() || null,
            country,
            industry,
            company: company.trim(),
          },
        }),
      ),
    onSuccess: (user) => {
      patchUser(queryClient, user);
      notify.success("Your profile has been saved.", { id: "profile-saved" });
    },
  });
}

/** PNG, JPEG or WebP up to 5 MB (the server checks again, by content). */
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;

/** What to tell the user about a picture the server (or the browser) would not take. */
export function pictureProblem(error: unknown): string {
  if (isApiError(error, 413)) return "That picture is larger than 5 MB. Choose a smaller one.";
  if (isApiError(error, 415))
    return "That file is not a picture we can use. Choose a PNG, JPEG or WebP image.";
  if (error instanceof ApiError && error.status === 400) {
    return error.serverMessage ?? "That file is not a picture we can use. Choose a PNG, JPEG or WebP image.";
  }
  // The server reads one picture at a time and turns away what would wait too long (503 SERVER_BUSY).
  if (isApiError(error, 503, "SERVER_BUSY")) {
    return "We are busy reading other pictures. Try again in a few seconds.";
  }
  return error instanceof Error ? error.message : "We could not upload your picture.";
}

export function useUploadPictureMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      if (file.size > PICTURE_MAX_BYTES) {
        return Promise.reject(new ApiError("Payload Too Large", { status: 413 }));
      }
      return unwrap(api.PATCH("/user/profile-picture", { body: formData({ file }) }));
    },
    onSuccess: ({ profilePicture }) => {
      patchUser(queryClient, { profilePicture });
      notify.success("Your picture has been updated.", { id: "picture-saved" });
    },
  });
}

export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: (body: ChangePasswordValues) => unwrap(api.POST("/user/change-password", { body })),
    onSuccess: () => notify.success("Your password has been changed.", { id: "password-changed" }),
  });
}

export function useDeactivateAccountMutation() {
  return useMutation({
    mutationFn: () => unwrap(api.POST("/user/deactivate")),
  });
}

/** POST /user/delete presents the sign-in's accessToken (the session's entry_token) as proof of a fresh sign-in. */
export function useDeleteAccountMutation() {
  return useMutation({
    mutationFn: () => unwrap(api.POST("/user/delete", { body: { accessToken: auth.get().entry_token } })),
  });
}

/** 403 REAUTHENTICATION_REQUIRED: the sign-in is more than 15 minutes old; deleting needs a fresh one. */
export const needsFreshSignIn = (error: unknown) => isApiError(error, 403, "REAUTHENTICATION_REQUIRED");
