import { Button } from "@brandscope/ui/button";
import { ErrorState } from "@brandscope/ui/error-state";
import { Skeleton } from "@brandscope/ui/skeleton";
import { SsoSettings } from "@brandscope/ui/sso-settings";
import { useQuery } from "@tanstack/react-query";
import { useUpgradeModal } from "~/features/billing/upgrade-modal-provider";
import { isApiError, problemText } from "~/lib/problem";
import {
  useAddSsoDomainMutation,
  useRemoveSsoDomainMutation,
  useSaveSsoSettingsMutation,
  useVerifySsoDomainMutation,
} from "./mutations";
import { ssoSettingsOptions } from "./queries";
import { formValuesOf } from "./sso-values";

/** An error as the screen says it, or nothing while there is none. */
const said = (error: unknown) => (error ? problemText(error) : undefined);

/**
 * Single sign-on for the workspace's owner (docs/single-sign-on.md): the identity provider, require SSO and
 * just-in-time membership, and the domains with their DNS check. Starter and Professional see what Enterprise
 * adds instead (the server answers 402, and stays the authority).
 */
export function SsoSection() {
  const settings = useQuery(ssoSettingsOptions());
  const save = useSaveSsoSettingsMutation();
  const addDomain = useAddSsoDomainMutation();
  const verifyDomain = useVerifySsoDomainMutation();
  const removeDomain = useRemoveSsoDomainMutation();
  const upgrade = useUpgradeModal();

  if (settings.isPending) {
    return (
      <div role="status" aria-label="Loading single sign-on">
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (settings.isError) {
    if (isApiError(settings.error, 402)) {
      return (
        <div className="flex flex-col items-start gap-3" data-slot="sso-upgrade">
          <p className="text-muted-foreground text-sm leading-relaxed">
            Single sign-on comes with the Enterprise plan: your team signs in through your identity provider
            (OpenID Connect or SAML), and you can turn off passwords for your company's domain.
          </p>
          {upgrade.available ? (
            <Button emphasis="secondary" size="sm" onClick={() => upgrade.open("contact_sales")}>
              Talk to sales
            </Button>
          ) : null}
        </div>
      );
    }
    return (
      <ErrorState
        title="We could not load single sign-on"
        message={problemText(settings.error)}
        onRetry={() => void settings.refetch()}
        retrying={settings.isFetching}
      />
    );
  }
  const data = settings.data;
  // One message for the domains: the last action's.
  const forgetDomainErrors = () => {
    addDomain.reset();
    verifyDomain.reset();
    removeDomain.reset();
  };
  const domainAction = verifyDomain.isPending
    ? verifyDomain
    : removeDomain.isPending
      ? removeDomain
      : undefined;
  return (
    <SsoSettings
      // A save answers the settings as kept: the form starts again from them (the secret field empty).
      key={JSON.stringify(formValuesOf(data))}
      initial={formValuesOf(data)}
      clientSecretSet={data.oidc?.credentialSaved ?? false}
      serviceProvider={data.serviceProvider}
      domains={data.domains}
      onSave={(values) => save.mutate(values)}
      saving={save.isPending}
      saveError={said(save.error)}
      onAddDomain={(domain) => {
        forgetDomainErrors();
        addDomain.mutate(domain);
      }}
      addingDomain={addDomain.isPending}
      onVerifyDomain={(domain) => {
        forgetDomainErrors();
        verifyDomain.mutate(domain);
      }}
      onRemoveDomain={(domain) => {
        forgetDomainErrors();
        removeDomain.mutate(domain);
      }}
      domainError={said(addDomain.error ?? verifyDomain.error ?? removeDomain.error)}
      pendingDomainId={domainAction?.variables?.id}
    />
  );
}
