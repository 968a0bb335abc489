import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pendingInvitation } from "~/features/auth/paths";
import {
  click,
  getByRoleName,
  json,
  mockApi,
  problem,
  type Rendered,
  renderScreen,
  waitFor,
} from "../modules/test-utils";
import { InvitationScreen } from "./invitation-screen";

const TOKEN = "tok_3q2-Lx9aZ_0123456789abcdefghijklmnopqrstu";

const user = {
  id: "0b9d3f5e-2c1a-4b7e-9f10-3a6c8d2e4f01",
  email: "ada@example.com",
  status: "confirmed",
  firstName: "Ada",
  lastName: "Lovelace",
  phone: null,
  company: null,
  businessType: null,
  country: null,
  industry: null,
  profilePicture: null,
  subscription: { type: "starter", status: "active", endDate: "2026-12-05T00:00:00.000Z" },
  defaultIndustry: null,
  defaultCountry: null,
  isFirstTime: true,
  workspace: { id: "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f", name: "Ada's workspace", role: "owner" },
  pendingInvitation: null as null | Record<string, unknown>,
  timeZone: "Europe/London",
};
const joined = {
  ...user,
  isFirstTime: false,
  subscription: { type: "professional", status: "active", endDate: null },
  workspace: { id: "9a8b7c6d-5e4f-4a3b-2c1d-0e9f8a7b6c5d", name: "Lumora Coffee", role: "member" },
};
const brand = {
  id: "3f2a1b0c-9d8e-4f7a-b6c5-d4e3f2a1b0c9",
  name: "Ada Analytics",
  website: "https://ada.example",
  country: "GB",
  industry: "food-beverage",
  logo: null,
  sample: false,
  status: "active",
  statusReason: null,
  socialLinks: [],
  description: null,
};

const preview = {
  workspaceName: "Lumora Coffee",
  inviterName: "Noor Haddad",
  email: "ada@example.com",
  status: "pending",
  expiresAt: "2026-11-29T00:00:00.000Z",
};
const previewOf = (changes: Partial<typeof preview> = {}) => ({
  "GET /workspace/invitations/preview": () => json({ ...preview, ...changes }),
});

let rendered: Rendered | undefined;
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

const render = async (props: { token: string | undefined; signedIn: boolean }) => {
  rendered = await renderScreen(() => <InvitationScreen {...props} />, { path: "/invitation" });
  return rendered.container;
};

describe("the invitation link", () => {
  it("without a token says the link is incomplete", async () => {
    mockApi({});
    const container = await render({ token: undefined, signedIn: false });
    expect(container.textContent).toContain("This invitation link is incomplete");
  });

  it("signed out: keeps the token for this tab and offers sign-in and sign-up", async () => {
    const api = mockApi(previewOf());
    const container = await render({ token: TOKEN, signedIn: false });
    await waitFor(() => expect(container.textContent).toContain("Join Lumora Coffee on Brandscope"));
    expect(container.textContent).toContain("Noor Haddad invited ada@example.com to join Lumora Coffee.");
    expect(getByRoleName(container, "link", "Sign in").getAttribute("href")).toBe(
      "/sign-in?redirect=%2Finvitation",
    );
    expect(getByRoleName(container, "link", "Create an account").getAttribute("href")).toBe("/sign-up");
    expect(pendingInvitation()).toBe(TOKEN);
    expect(api.requests.map((r) => r.url.searchParams.get("token"))).toEqual([TOKEN]);
  });

  it.each([
    ["expired", "This invitation has expired"],
    ["used", "This invitation has already been used"],
    ["revoked", "This invitation was withdrawn"],
  ] as const)("a %s link says so before anyone signs in, and forgets the token", async (status, title) => {
    mockApi(previewOf({ status }));
    const container = await render({ token: TOKEN, signedIn: false });
    await waitFor(() => expect(container.textContent).toContain(title));
    expect(pendingInvitation()).toBeUndefined();
    expect(() => getByRoleName(container, "link", "Sign in")).toThrow();
  });

  it("an unknown or replaced link (404) says it is not valid any more", async () => {
    mockApi({ "GET /workspace/invitations/preview": () => problem(404, "INVITATION_INVALID", "Not valid") });
    const container = await render({ token: TOKEN, signedIn: false });
    await waitFor(() =>
      expect(container.textContent).toContain("This invitation link is not valid any more"),
    );
  });

  it("signed in with another address: says which address was invited before any join", async () => {
    const api = mockApi({
      ...previewOf({ email: "noor@example.com" }),
      "GET /user/me": () => json({ ...user, workspace: { ...user.workspace, role: "member" } }),
    });
    const container = await render({ token: TOKEN, signedIn: true });
    await waitFor(() =>
      expect(container.querySelector("[role=alert]")?.textContent).toBe(
        "This invitation was sent to noor@example.com. Sign in with that address to join.",
      ),
    );
    expect(getByRoleName(container, "button", "Join workspace").hasAttribute("disabled")).toBe(true);
    expect(api.calls("POST", "/workspace/invitations/accept")).toHaveLength(0);
  });

  it("signed in as an owner: warns that their workspace and brand are deleted, joins, then opens the dashboard", async () => {
    let accepted = false;
    const api = mockApi({
      ...previewOf(),
      "GET /user/me": () => json(accepted ? joined : user),
      "GET /brand": () => json({ brand }),
      "POST /workspace/invitations/accept": () => {
        accepted = true;
        return json(joined);
      },
    });
    const container = await render({ token: TOKEN, signedIn: true });
    await waitFor(() => expect(container.textContent).toContain("You are signed in as ada@example.com"));
    const note = await waitFor(() => {
      const element = container.querySelector("[role=note]");
      expect(element?.textContent).toContain("Ada Analytics");
      return element;
    });
    expect(note?.textContent).toContain("Joining deletes your own workspace, Ada's workspace.");

    await click(getByRoleName(container, "button", "Join workspace"));
    await waitFor(() => expect(rendered?.router.state.location.pathname).toBe("/dashboard"));
    expect(await api.calls("POST", "/workspace/invitations/accept")[0]?.request.json()).toEqual({
      token: TOKEN,
    });
    expect(pendingInvitation()).toBeUndefined();
    // The user is read again after joining (renewing the bearer), and the app keeps that answer.
    expect(api.calls("GET", "/user/me").length).toBeGreaterThanOrEqual(2);
    expect(rendered?.queryClient.getQueryData(["user", "me"])).toEqual(joined);
  });

  it("a brand-new account with an empty workspace: no deletion warning, only where its account moves", async () => {
    mockApi({
      ...previewOf(),
      "GET /user/me": () => json(user),
      "GET /brand": () => json({ brand: null }),
    });
    const container = await render({ token: TOKEN, signedIn: true });
    await waitFor(() =>
      expect(container.textContent).toContain(
        "Your account moves into Lumora Coffee, with its brands and modules.",
      ),
    );
    expect(container.textContent).not.toContain("deletes");
    expect(container.querySelector("[role=note]")).toBeNull();
  });

  it("without a token, joins the invitation the account signed up with (confirmed in another tab)", async () => {
    const invitationId = "6b7c8d9e-0f1a-4b2c-9d3e-4f5a6b7c8d9e";
    let accepted = false;
    const api = mockApi({
      "GET /user/me": () =>
        json(
          accepted
            ? joined
            : {
                ...user,
                pendingInvitation: {
                  id: invitationId,
                  workspaceName: "Lumora Coffee",
                  inviterName: "Noor Haddad",
                  email: "ada@example.com",
                  expiresAt: "2026-11-29T00:00:00.000Z",
                },
              },
        ),
      "GET /brand": () => json({ brand: null }),
      "POST /workspace/invitations/accept": () => {
        accepted = true;
        return json(joined);
      },
    });
    const container = await render({ token: undefined, signedIn: true });
    await waitFor(() =>
      expect(container.textContent).toContain("Noor Haddad invited you to join Lumora Coffee"),
    );
    await click(getByRoleName(container, "button", "Join workspace"));
    await waitFor(() => expect(rendered?.router.state.location.pathname).toBe("/dashboard"));
    expect(await api.calls("POST", "/workspace/invitations/accept")[0]?.request.json()).toEqual({
      invitationId,
    });
    expect(api.calls("GET", "/workspace/invitations/preview")).toHaveLength(0);
  });

  it("signed in as a member elsewhere: says which workspace they leave, no deletion warning", async () => {
    mockApi({
      ...previewOf(),
      "GET /user/me": () =>
        json({ ...user, workspace: { ...user.workspace, name: "Other", role: "member" } }),
    });
    const container = await render({ token: TOKEN, signedIn: true });
    await waitFor(() => expect(container.textContent).toContain("You leave the workspace Other"));
    expect(container.querySelector("[role=note]")).toBeNull();
  });

  it("an expired or used link (410): says so, forgets the token and offers the app instead", async () => {
    mockApi({
      ...previewOf(),
      "GET /user/me": () => json(user),
      "GET /brand": () => json({ brand: null }),
      "POST /workspace/invitations/accept": () =>
        problem(410, "INVITATION_EXPIRED", "This invitation has expired (links are valid for 7 days)."),
    });
    const container = await render({ token: TOKEN, signedIn: true });
    await waitFor(() => getByRoleName(container, "button", "Join workspace"));
    await click(getByRoleName(container, "button", "Join workspace"));
    await waitFor(() =>
      expect(container.querySelector("[role=alert]")?.textContent).toBe(
        "This invitation has expired (links are valid for 7 days).",
      ),
    );
    expect(pendingInvitation()).toBeUndefined();
    getByRoleName(container, "link", "Go to Brandscope");
    expect(() => getByRoleName(container, "button", "Join workspace")).toThrow();
  });

  it("another account's address (403): names the invited address and offers to sign in with another account", async () => {
    mockApi({
      ...previewOf(),
      "GET /user/me": () => json({ ...user, workspace: { ...user.workspace, role: "member" } }),
      "POST /workspace/invitations/accept": () =>
        problem(
          403,
          "INVITATION_EMAIL_MISMATCH",
          "This invitation was sent to noor@example.com, but you are signed in as ada@example.com.",
        ),
      "POST /auth/logout": () => json({ message: "Signed out" }),
    });
    const container = await render({ token: TOKEN, signedIn: true });
    await waitFor(() => getByRoleName(container, "button", "Join workspace"));
    await click(getByRoleName(container, "button", "Join workspace"));
    await waitFor(() =>
      expect(container.textContent).toContain("This invitation was sent to noor@example.com"),
    );
    expect(getByRoleName(container, "button", "Join workspace").hasAttribute("disabled")).toBe(true);
    await click(getByRoleName(container, "button", "Sign in with another account"));
    await waitFor(() => expect(rendered?.router.state.location.pathname).toBe("/sign-in"));
    expect(rendered?.router.state.location.search).toMatchObject({ redirect: "/invitation" });
    expect(pendingInvitation()).toBe(TOKEN);
  });
});
