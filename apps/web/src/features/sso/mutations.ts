import { type components, unwrap } from "@brandscope/api-client";
import type { SsoSettingsValues } from "@brandscope/ui/sso-settings";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api";
import { notify } from "~/lib/notify";
import { ssoKeys } from "./queries";
import { saveBodyOf } from "./sso-values";

type SsoDomain = components["schemas"]["SsoDomain"];

/* The settings screen shows each refusal as a sentence next to its form, so these do not toast their errors. */

export function useSaveSsoSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: SsoSettingsValues) =>
      unwrap(api.PUT("/workspace/sso", { body: saveBodyOf(values) })),
    onSuccess: (settings) => {
      notify.success("Single sign-on saved.", { id: "sso-saved" });
      queryClient.setQueryData(ssoKeys.settings(), settings);
    },
  });
}

export function useAddSsoDomainMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domain: string) => unwrap(api.POST("/workspace/sso/domains", { body: { domain } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoKeys.all }),
  });
}

export function useVerifySsoDomainMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domain: Pick<SsoDomain, "id" | "domain">) =>
      unwrap(api.POST("/workspace/sso/domains/{id}/verify", { params: { path: { id: domain.id } } })),
    onSuccess: (domain) => {
      notify.success(`${domain.domain} is verified.`, { id: "sso-verified" });
      return queryClient.invalidateQueries({ queryKey: ssoKeys.all });
    },
  });
}

export function useRemoveSsoDomainMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domain: Pick<SsoDomain, "id" | "domain">) =>
      unwrap(api.DELETE("/workspace/sso/domains/{id}", { params: { path: { id: domain.id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoKeys.all }),
  });
}
