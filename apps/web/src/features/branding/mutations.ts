import { ApiError, type components, formData, unwrap } from "@brandscope/api-client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { PICTURE_MAX_BYTES } from "~/features/user/mutations";
import { api } from "~/lib/api";
import { notify } from "~/lib/notify";
import { brandingKeys } from "./queries";

type WorkspaceBranding = components["schemas"]["WorkspaceBranding"];

/** Each answer is the branding as stored: the shell, the form and the printouts read it from the cache. */
function useBrandingMutation<T>(call: (input: T) => Promise<WorkspaceBranding>, saved: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (branding) => {
      queryClient.setQueryData(brandingKeys.all, branding);
      notify.success(saved, { id: "branding-saved" });
    },
  });
}

export const useSaveAccentMutation = () =>
  useBrandingMutation(
    (accentColor: string | null) => unwrap(api.PATCH("/workspace/branding", { body: { accentColor } })),
    "The accent colour has been saved.",
  );

export const useUploadLogoMutation = () =>
  useBrandingMutation((file: File) => {
    if (file.size > PICTURE_MAX_BYTES) {
      return Promise.reject(new ApiError("Payload Too Large", { status: 413 }));
    }
    return unwrap(api.PUT("/workspace/branding/logo", { body: formData({ file }) }));
  }, "The logo has been saved.");

export const useRemoveLogoMutation = () =>
  useBrandingMutation(() => unwrap(api.DELETE("/workspace/branding/logo")), "The logo has been removed.");
