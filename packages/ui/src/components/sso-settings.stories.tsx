import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { SsoSettings, type SsoSettingsValues } from "./sso-settings";

const empty: SsoSettingsValues = {
  protocol: "oidc",
  oidcIssuer: "",
  oidcClientId: "",
  oidcClientSecret: "",
  samlMetadataUrl: "",
  samlMetadataXml: "",
  requireSso: false,
  jitProvisioning: false,
};

const meta = {
  title: "Forms/SSO settings",
  component: SsoSettings,
  decorators: [(Story) => <div className="max-w-2xl">{Story()}</div>],
  args: {
    initial: empty,
    clientSecretSet: false,
    serviceProvider: {
      oidcRedirectUri: "https://app.brandscope.io/auth/sso/callback",
      samlAcsUrl: "https://app.brandscope.io/api/auth/sso/saml/0b8a3c9e/acs",
      samlEntityId: "https://app.brandscope.io/api/auth/sso/saml/0b8a3c9e/metadata",
    },
    domains: [
      {
        id: "d1",
        domain: "lumora.coffee",
        status: "verified",
        txtValue: "brandscope-verification=Q3k9v0mZ2aLr",
      },
      {
        id: "d2",
        domain: "lumora.io",
        status: "pending",
        txtValue: "brandscope-verification=Hq81xPz0aWm4",
      },
    ],
    onSave: fn(),
    onAddDomain: fn(),
    onVerifyDomain: fn(),
    onRemoveDomain: fn(),
  },
} satisfies Meta<typeof SsoSettings>;

export default meta;
type Story = StoryObj<typeof meta>;

/** OpenID Connect from scratch: the owner fills the provider in, turns the options on and saves. */
export const SetUpOpenIdConnect: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("radio", { name: "OpenID Connect" })).toBeChecked();
    await expect(canvas.getByText("https://app.brandscope.io/auth/sso/callback")).toBeVisible();
    await userEvent.type(canvas.getByRole("textbox", { name: "Issuer URL" }), "https://login.lumora.coffee");
    await userEvent.type(canvas.getByRole("textbox", { name: "Client ID" }), "brandscope");
    await userEvent.type(canvas.getByLabelText("Client secret"), "s3cret");
    await userEvent.click(canvas.getByRole("switch", { name: "Require single sign-on" }));
    await userEvent.click(canvas.getByRole("button", { name: "Save single sign-on" }));
    await expect(args.onSave).toHaveBeenCalledWith({
      ...empty,
      oidcIssuer: "https://login.lumora.coffee",
      oidcClientId: "brandscope",
      oidcClientSecret: "s3cret",
      requireSso: true,
    });
  },
};

/** SAML asks for the metadata and shows the ACS URL and entity id instead of the redirect URI. */
export const SwitchToSaml: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("radio", { name: "SAML 2.0" }));
    await expect(canvas.queryByRole("textbox", { name: "Issuer URL" })).toBeNull();
    await expect(canvas.getByText("https://app.brandscope.io/api/auth/sso/saml/0b8a3c9e/acs")).toBeVisible();
    await userEvent.type(
      canvas.getByRole("textbox", { name: "Metadata URL" }),
      "https://idp.lumora.coffee/md",
    );
    await userEvent.click(canvas.getByRole("button", { name: "Save single sign-on" }));
    await expect(args.onSave).toHaveBeenCalledWith(
      expect.objectContaining({ protocol: "saml", samlMetadataUrl: "https://idp.lumora.coffee/md" }),
    );
  },
};

/** Domains: the pending one shows its TXT record and a Verify action; a new one is added by name. */
export const Domains: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("brandscope-verification=Hq81xPz0aWm4")).toBeVisible();
    await expect(canvas.queryByRole("button", { name: "Verify lumora.coffee" })).toBeNull();
    await userEvent.click(canvas.getByRole("button", { name: "Verify lumora.io" }));
    await expect(args.onVerifyDomain).toHaveBeenCalledWith(expect.objectContaining({ id: "d2" }));
    await userEvent.type(canvas.getByRole("textbox", { name: "Domain" }), "lumora.shop");
    await userEvent.click(canvas.getByRole("button", { name: "Add domain" }));
    await expect(args.onAddDomain).toHaveBeenCalledWith("lumora.shop");
  },
};

/** A saved secret is never shown: the field says so and may stay empty. Refusals read as sentences. */
export const SavedWithErrors: Story = {
  args: {
    initial: {
      ...empty,
      oidcIssuer: "https://login.lumora.coffee",
      oidcClientId: "brandscope",
      jitProvisioning: true,
    },
    clientSecretSet: true,
    saveError: "We could not read the OpenID Connect configuration of https://login.lumora.coffee.",
    domainError: 'We found no TXT record "brandscope-verification=Hq81xPz0aWm4" on lumora.io.',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText("Client secret")).toHaveValue("");
    await expect(canvas.getByText("A secret is saved. Leave this empty to keep it.")).toBeVisible();
    await expect(canvas.getByRole("switch", { name: "Just-in-time membership" })).toBeChecked();
    await expect(canvas.getAllByRole("alert")).toHaveLength(2);
  },
};
