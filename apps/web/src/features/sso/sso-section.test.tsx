import { afterEach, describe, expect, it, vi } from "vitest";
import {
  click,
  getByRoleName,
  getByText,
  json,
  mockApi,
  problem,
  type Rendered,
  renderScreen,
  waitFor,
} from "../modules/test-utils";
import { SsoSection } from "./sso-section";

const settings = {
  configured: true,
  protocol: "oidc",
  oidc: { issuer: "https://login.lumora.coffee", clientId: "brandscope", credentialSaved: true },
  saml: null,
  requireSso: false,
  jitProvisioning: true,
  domains: [
    {
      id: "0b8a3c9e-6f1d-4f5e-9a61-2d7c3f0e8b14",
      domain: "lumora.coffee",
      status: "pending",
      txtValue: "brandscope-verification=Q3k9v0mZ2aLr",
      verifiedAt: null,
    },
  ],
  serviceProvider: {
    oidcRedirectUri: "https://app.brandscope.test/auth/sso/callback",
    samlAcsUrl: "https://app.brandscope.test/api/auth/sso/saml/w/acs",
    samlEntityId: "https://app.brandscope.test/api/auth/sso/saml/w/metadata",
  },
};

let rendered: Rendered | undefined;
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("SsoSection", () => {
  it("shows what Enterprise adds when the plan has no single sign-on", async () => {
    mockApi({
      "GET /workspace/sso": () =>
        problem(402, "PLAN_LIMIT", "Single sign-on comes with the Enterprise plan."),
    });
    rendered = await renderScreen(() => <SsoSection />);
    const { container } = rendered;
    await waitFor(() => getByText(container, /Single sign-on comes with the Enterprise plan: your team/));
    expect(container.querySelector("form")).toBeNull();
  });

  it("shows the saved settings, and a refused domain check as the server's sentence", async () => {
    const api = mockApi({
      "GET /workspace/sso": () => json(settings),
      "POST /workspace/sso/domains/:id/verify": () =>
        problem(
          422,
          "SSO_DOMAIN_UNVERIFIED",
          'We found no TXT record "brandscope-verification=Q3k9v0mZ2aLr" yet.',
        ),
    });
    rendered = await renderScreen(() => <SsoSection />);
    const { container } = rendered;
    await waitFor(() => getByText(container, "A secret is saved. Leave this empty to keep it."));
    expect(container.querySelector<HTMLInputElement>("input[type=url]")?.value).toBe(
      "https://login.lumora.coffee",
    );
    getByText(container, "https://app.brandscope.test/auth/sso/callback");
    await click(getByRoleName(container, "button", "Verify lumora.coffee"));
    await waitFor(() =>
      expect(container.querySelector("[role=alert]")?.textContent).toContain("We found no TXT record"),
    );
    expect(api.calls("POST", `/workspace/sso/domains/${settings.domains[0]?.id}/verify`)).toHaveLength(1);
  });
});
