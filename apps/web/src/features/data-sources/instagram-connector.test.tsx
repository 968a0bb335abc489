import { afterEach, describe, expect, it, vi } from "vitest";
import {
  click,
  getByRoleName,
  getByText,
  json,
  mockApi,
  queryByText,
  renderScreen,
  waitFor,
} from "../modules/test-utils";
import { InstagramConnectorSection } from "./instagram-connector";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = "";
});

const notConnected = {
  status: "not_connected",
  statusReason: null,
  missingPermissions: [],
  account: null,
  accounts: [],
  tokenExpiresAt: null,
  rateLimitedUntil: null,
  lastSuccessAt: null,
  lastRunAt: null,
  nextRunAt: null,
  profiles: [],
  sunsetNotice: null,
} as const;

const lumora = { id: "17841400000000002", username: "lumoracoffee", pageName: "Lumora Coffee" };
const connected = {
  ...notConnected,
  status: "connected",
  account: lumora,
  accounts: [lumora],
  tokenExpiresAt: "2027-01-24T08:17:00.000Z",
  lastSuccessAt: "2026-11-25T08:17:00.000Z",
  lastRunAt: "2026-11-25T08:17:00.000Z",
  nextRunAt: "2026-11-26T08:17:00.000Z",
  profiles: [
    {
      brandId: "00000000-0000-4000-8000-000000000001",
      brandName: "Brewhaus",
      isOwnBrand: false,
      username: "brewhaus",
      followers: 48210,
      mediaCount: 612,
      problem: null,
      readAt: "2026-11-25T08:17:00.000Z",
    },
    {
      brandId: "00000000-0000-4000-8000-000000000002",
      brandName: "Ghost Beans",
      isOwnBrand: false,
      username: "ghostbeans",
      followers: null,
      mediaCount: null,
      problem: "Instagram has no business or creator account @ghostbeans.",
      readAt: "2026-11-25T08:17:00.000Z",
    },
  ],
} as const;

/** The alert the section shows when the browser comes back from Facebook with `?error=<error>`. */
async function returnAlert(error: string) {
  mockApi({ "GET /connectors/instagram": () => json(notConnected) });
  const view = await renderScreen(InstagramConnectorSection, {
    initialEntry: `/?connector=instagram&error=${error}`,
  });
  const alert = await waitFor(() => {
    const found = view.container.querySelector("[role=alert]");
    if (!found) throw new Error("no alert");
    return found;
  });
  const text = alert.textContent ?? "";
  view.unmount();
  return text;
}

describe("the Instagram section", () => {
  it("sends the browser to Facebook Login", async () => {
    const dialog = "https://www.facebook.com/v27.0/dialog/oauth?client_id=x&state=y";
    const api = mockApi({
      "GET /connectors/instagram": () => json(notConnected),
      "POST /connectors/instagram/authorize": () => json({ url: dialog }),
    });
    const assign = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, assign });
    const view = await renderScreen(InstagramConnectorSection);
    await waitFor(() => getByText(view.container, "Not connected"));
    await click(getByRoleName(view.container, "button", "Connect Instagram with Facebook"));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(dialog));
    expect(api.calls("POST", "/connectors/instagram/authorize")).toHaveLength(1);
    view.unmount();
  });

  it("says why the connection failed when the user comes back from Facebook", async () => {
    expect(await returnAlert("no_account")).toContain(
      "None of your Facebook Pages has an Instagram professional account.",
    );
  });

  it("shows each brand's followers and posts, the account read through and the token's expiry", async () => {
    const api = mockApi({
      "GET /connectors/instagram": () => json(connected),
      "POST /connectors/instagram/refresh": () => json({ ...connected, status: "reading" }),
    });
    const view = await renderScreen(InstagramConnectorSection);
    await waitFor(() => getByText(view.container, "Connected"));
    const text = view.container.textContent ?? "";
    expect(text).toContain("@lumoracoffee");
    expect(text).toContain("48,210 followers · 612 posts");
    expect(text).toContain("Instagram has no business or creator account @ghostbeans.");
    expect(text).toContain("connection expires 24 Jan");
    await click(getByRoleName(view.container, "button", "Read again now"));
    await waitFor(() => expect(api.calls("POST", "/connectors/instagram/refresh")).toHaveLength(1));
    view.unmount();
  });

  it("says until when Meta's rate limit holds, and asks to reconnect an expired token", async () => {
    mockApi({
      "GET /connectors/instagram": () =>
        json({
          ...connected,
          status: "rate_limited",
          rateLimitedUntil: "2026-11-25T09:30:00.000Z",
          statusReason: "Meta's rate limit is reached: rate limited until 09:30 UTC.",
        }),
    });
    const limited = await renderScreen(InstagramConnectorSection);
    await waitFor(() => getByText(limited.container, /^Rate limited until/));
    expect((getByRoleName(limited.container, "button", "Read again now") as HTMLButtonElement).disabled).toBe(
      true,
    );
    limited.unmount();

    mockApi({
      "GET /connectors/instagram": () =>
        json({
          ...connected,
          status: "token_expired",
          statusReason: "Meta no longer accepts Brandscope's access to Instagram: token expired, reconnect.",
          nextRunAt: null,
        }),
    });
    const view = await renderScreen(InstagramConnectorSection);
    await waitFor(() => getByText(view.container, "Token expired: reconnect"));
    getByRoleName(view.container, "button", "Reconnect Instagram with Facebook");
    expect(queryByText(view.container, "Read again now")).toBeNull();
    view.unmount();
  });

  it("names the permission Instagram lacks and reconnects with Facebook, which asks for it again", async () => {
    const dialog =
      "https://www.facebook.com/v27.0/dialog/oauth?client_id=x&scope=instagram_manage_insights&auth_type=rerequest&state=y";
    const api = mockApi({
      "GET /connectors/instagram": () =>
        json({
          ...connected,
          status: "permission_missing",
          missingPermissions: ["instagram_manage_insights"],
          statusReason: "Instagram needs the permission instagram_manage_insights: reconnect and allow it.",
          nextRunAt: null,
        }),
      "POST /connectors/instagram/authorize": () => json({ url: dialog }),
    });
    const assign = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, assign });
    const view = await renderScreen(InstagramConnectorSection);
    await waitFor(() => getByText(view.container, "Permission missing: reconnect"));
    getByText(
      view.container,
      "Instagram needs the permission instagram_manage_insights: reconnect and allow it.",
    );
    expect(queryByText(view.container, "Read again now")).toBeNull();
    await click(getByRoleName(view.container, "button", "Reconnect Instagram with Facebook"));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(dialog));
    expect(api.calls("POST", "/connectors/instagram/authorize")).toHaveLength(1);
    view.unmount();

    // Without the server's sentence, the permissions are named from missingPermissions.
    mockApi({
      "GET /connectors/instagram": () =>
        json({
          ...connected,
          status: "permission_missing",
          missingPermissions: ["instagram_manage_insights", "ads_read"],
          statusReason: null,
          nextRunAt: null,
        }),
    });
    const bare = await renderScreen(InstagramConnectorSection);
    await waitFor(() =>
      getByText(
        bare.container,
        "Instagram needs the permissions instagram_manage_insights and ads_read: reconnect and allow them.",
      ),
    );
    bare.unmount();
  });

  it("says a permission was not granted when the user comes back from Facebook without it", async () => {
    expect(await returnAlert("permission_missing")).toContain(
      "Facebook Login did not grant a permission it needs",
    );
  });
});
