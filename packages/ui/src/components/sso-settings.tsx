import * as React from "react";
import { cn } from "../lib/cn";
import { Badge } from "./badge";
import { Button } from "./button";
import { Switch } from "./switch";
import { TextField } from "./text-field";

export type SsoProtocol = "oidc" | "saml";

export type SsoSettingsValues = {
  protocol: SsoProtocol;
  oidcIssuer: string;
  oidcClientId: string;
  /** Empty: keep the secret the server holds (when `clientSecretSet`). */
  oidcClientSecret: string;
  samlMetadataUrl: string;
  samlMetadataXml: string;
  requireSso: boolean;
  jitProvisioning: boolean;
};

export type SsoDomainItem = {
  id: string;
  domain: string;
  status: "pending" | "verified";
  /** The TXT record to publish on the domain. */
  txtValue: string;
};

export type SsoServiceProviderValues = {
  oidcRedirectUri: string;
  samlAcsUrl: string;
  samlEntityId: string;
};

export type SsoSettingsProps = Omit<React.ComponentProps<"div">, "onSubmit"> & {
  /** The settings as saved; the form starts from them (pass a new `key` to start again). */
  initial: SsoSettingsValues;
  /** Whether the server keeps a client secret already (it never sends it back). */
  clientSecretSet: boolean;
  serviceProvider: SsoServiceProviderValues;
  domains: readonly SsoDomainItem[];
  onSave: (values: SsoSettingsValues) => void;
  onAddDomain: (domain: string) => void;
  onVerifyDomain: (domain: SsoDomainItem) => void;
  onRemoveDomain: (domain: SsoDomainItem) => void;
  saving?: boolean;
  /** Why the last save was refused, as a sentence. */
  saveError?: string;
  addingDomain?: boolean;
  /** Why the last domain action was refused, as a sentence. */
  domainError?: string;
  /** The domain whose check or removal is on its way. */
  pendingDomainId?: string;
};

const protocolNames: Record<SsoProtocol, string> = { oidc: "OpenID Connect", saml: "SAML 2.0" };

function Problem({ children }: { children?: string }) {
  if (!children) return null;
  return (
    <p role="alert" className="text-destructive text-sm">
      {children}
    </p>
  );
}

/** A value the owner copies into their identity provider: selectable text, labelled. */
function ProviderValue({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-muted-foreground text-xs font-medium">{label}</dt>
      <dd className="bg-muted text-foreground rounded-md px-2 py-1.5 font-mono text-xs break-all select-all">
        {value}
      </dd>
    </div>
  );
}

/**
 * A workspace's single sign-on, for its owner: the identity provider (OpenID Connect issuer, client id and secret,
 * or SAML metadata by URL or pasted), the values to give that provider, "require SSO" and just-in-time membership,
 * and the e-mail domains with the DNS TXT record that proves each. Presentational: the app loads, saves and checks.
 */
export function SsoSettings({
  className,
  initial,
  clientSecretSet,
  serviceProvider,
  domains,
  onSave,
  onAddDomain,
  onVerifyDomain,
  onRemoveDomain,
  saving = false,
  saveError,
  addingDomain = false,
  domainError,
  pendingDomainId,
  ...props
}: SsoSettingsProps) {
  const [values, setValues] = React.useState(initial);
  const [newDomain, setNewDomain] = React.useState("");
  const xmlId = React.useId();
  const set = <K extends keyof SsoSettingsValues>(key: K, value: SsoSettingsValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const text =
    (key: "oidcIssuer" | "oidcClientId" | "oidcClientSecret" | "samlMetadataUrl") =>
    (event: React.ChangeEvent<HTMLInputElement>) =>
      set(key, event.target.value);

  return (
    <div data-slot="sso-settings" className={cn("flex flex-col gap-8", className)} {...props}>
      <form
        aria-label="Identity provider"
        className="flex flex-col gap-5"
        onSubmit={(event) => {
          event.preventDefault();
          onSave(values);
        }}
      >
        <fieldset className="flex flex-col gap-2">
          <legend className="text-foreground mb-1 text-sm font-medium">Protocol</legend>
          <div className="flex gap-6">
            {(["oidc", "saml"] as const).map((protocol) => (
              <label key={protocol} className="text-foreground flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="sso-protocol"
                  value={protocol}
                  checked={values.protocol === protocol}
                  onChange={() => set("protocol", protocol)}
                  className="accent-primary size-4"
                />
                {protocolNames[protocol]}
              </label>
            ))}
          </div>
        </fieldset>

        {values.protocol === "oidc" ? (
          <div className="flex flex-col gap-4">
            <TextField
              label="Issuer URL"
              type="url"
              required
              placeholder="https://login.example.com"
              hint="Brandscope reads its /.well-known/openid-configuration."
              value={values.oidcIssuer}
              onChange={text("oidcIssuer")}
            />
            <TextField
              label="Client ID"
              required
              value={values.oidcClientId}
              onChange={text("oidcClientId")}
            />
            <TextField
              label="Client secret"
              type="password"
              autoComplete="off"
              required={!clientSecretSet}
              hint={clientSecretSet ? "A secret is saved. Leave this empty to keep it." : undefined}
              value={values.oidcClientSecret}
              onChange={text("oidcClientSecret")}
            />
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            <TextField
              label="Metadata URL"
              type="url"
              placeholder="https://idp.example.com/metadata.xml"
              hint="Or paste the metadata below: one of the two."
              value={values.samlMetadataUrl}
              onChange={text("samlMetadataUrl")}
            />
            <div className="flex flex-col gap-1.5">
              <label htmlFor={xmlId} className="text-foreground text-sm font-medium">
                Metadata XML
              </label>
              <textarea
                id={xmlId}
                rows={5}
                spellCheck={false}
                value={values.samlMetadataXml}
                onChange={(event) => set("samlMetadataXml", event.target.value)}
                className="border-input bg-background focus-visible:border-ring focus-visible:ring-ring/50 rounded-md border px-3 py-2 font-mono text-xs outline-none focus-visible:ring-[3px]"
              />
            </div>
          </div>
        )}

        <div className="flex flex-col gap-2">
          <h3 className="text-foreground text-sm font-medium">Give your identity provider</h3>
          <dl className="flex flex-col gap-3">
            {values.protocol === "oidc" ? (
              <ProviderValue label="Redirect URI" value={serviceProvider.oidcRedirectUri} />
            ) : (
              <>
                <ProviderValue label="ACS URL" value={serviceProvider.samlAcsUrl} />
                <ProviderValue label="Entity ID" value={serviceProvider.samlEntityId} />
              </>
            )}
          </dl>
        </div>

        <div className="flex flex-col gap-4">
          <Switch
            label="Require single sign-on"
            hint="Members with an e-mail of a verified domain can no longer sign in with a password. You, the owner, keep yours."
            checked={values.requireSso}
            onCheckedChange={(checked) => set("requireSso", checked)}
          />
          <Switch
            label="Just-in-time membership"
            hint="Someone of a verified domain without an account joins as a member at their first sign-in."
            checked={values.jitProvisioning}
            onCheckedChange={(checked) => set("jitProvisioning", checked)}
          />
        </div>

        <Problem>{saveError}</Problem>
        <div>
          <Button type="submit" loading={saving}>
            Save single sign-on
          </Button>
        </div>
      </form>

      <section aria-labelledby={`${xmlId}-domains`} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <h3 id={`${xmlId}-domains`} className="text-foreground text-sm font-medium">
            Domains
          </h3>
          <p className="text-muted-foreground text-sm">
            Single sign-on applies to e-mail addresses of a verified domain. Publish the TXT record at your
            DNS provider, then verify.
          </p>
        </div>
        {domains.length > 0 ? (
          <ul className="divide-border flex flex-col divide-y rounded-md border">
            {domains.map((domain) => {
              const busy = pendingDomainId === domain.id;
              return (
                <li key={domain.id} className="flex flex-col gap-2 p-3">
                  <div className="flex items-center gap-3">
                    <span className="text-foreground font-medium">{domain.domain}</span>
                    <Badge tone={domain.status === "verified" ? "success" : "warning"}>
                      {domain.status === "verified" ? "Verified" : "Pending"}
                    </Badge>
                    <span className="flex-1" />
                    {domain.status === "pending" ? (
                      <Button
                        size="sm"
                        emphasis="secondary"
                        loading={busy}
                        disabled={pendingDomainId !== undefined}
                        aria-label={`Verify ${domain.domain}`}
                        onClick={() => onVerifyDomain(domain)}
                      >
                        Verify
                      </Button>
                    ) : null}
                    <Button
                      size="sm"
                      emphasis="ghost"
                      disabled={pendingDomainId !== undefined}
                      aria-label={`Remove ${domain.domain}`}
                      onClick={() => onRemoveDomain(domain)}
                    >
                      Remove
                    </Button>
                  </div>
                  {domain.status === "pending" ? (
                    <dl>
                      <ProviderValue label={`TXT record on ${domain.domain}`} value={domain.txtValue} />
                    </dl>
                  ) : null}
                </li>
              );
            })}
          </ul>
        ) : null}
        <form
          aria-label="Add a domain"
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (newDomain.trim()) onAddDomain(newDomain.trim());
          }}
        >
          <TextField
            className="flex-1"
            label="Domain"
            placeholder="example.com"
            value={newDomain}
            onChange={(event) => setNewDomain(event.target.value)}
          />
          <Button type="submit" emphasis="secondary" loading={addingDomain}>
            Add domain
          </Button>
        </form>
        <Problem>{domainError}</Problem>
      </section>
    </div>
  );
}
