import { afterEach, describe, expect, it, vi } from "vitest";
import {
  click,
  getByRoleName,
  getByText,
  json,
  mockApi,
  problem,
  queryByText,
  renderScreen,
  waitFor,
} from "../modules/test-utils";
import { GoogleAdsConnectorSection } from "./google-ads-connector";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = "";
});

const notConnected = {
  status: "not_connected",
  statusReason: null,
  customer: null,
  customers: [],
  keywords: 0,
  quotaExhaustedUntil: null,
  lastSuccessAt: null,
  lastRunAt: null,
  nextRunAt: null,
  sunsetNotice: null,
} as const;

const lumora = { id: "1234567890", name: "Lumora Coffee", currency: "GBP" } as const;
const connected = {
  ...notConnected,
  status: "connected",
  customer: lumora,
  customers: [lumora],
  keywords: 42,
  lastSuccessAt: "2026-11-25T08:17:00.000Z",
  lastRunAt: "2026-11-25T08:17:00.000Z",
  nextRunAt: "2026-11-26T08:17:00.000Z",
} as const;

describe("the Google Ads keyword planning section", () => {
  it("says when the API version the server calls nears its sunset, and that the operator must update", async () => {
    mockApi({
      "GET /connectors/google-ads": () =>
        json({
          ...connected,
          sunsetNotice: {
            vendor: "Google Ads API",
            version: "v26",
            sunset: "2027-11-01",
            source: "https://developers.google.com/google-ads/api/docs/sunset-dates",
            daysLeft: 45,
          },
        }),
    });
    const view = await renderScreen(GoogleAdsConnectorSection);
    await waitFor(() => getByText(view.container, "Connected"));
    getByText(
      view.container,
      "Brandscope calls Google Ads API v26, which ends on 1 Nov 2027 (in 45 days): Brandscope's operator must update Brandscope before then.",
    );
    view.unmount();
  });

  it("sends the browser to Google's consent page", async () => {
    const consent = "https://accounts.google.com/o/oauth2/v2/auth?client_id=x&state=y";
    const api = mockApi({
      "GET /connectors/google-ads": () => json(notConnected),
      "POST /connectors/google-ads/authorize": () => json({ url: consent }),
    });
    const assign = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, assign });
    const view = await renderScreen(GoogleAdsConnectorSection);
    await waitFor(() => getByText(view.container, "Not connected"));
    expect(view.container.textContent).toContain("it creates and spends nothing");
    await click(getByRoleName(view.container, "button", "Connect Google Ads"));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(consent));
    expect(api.calls("POST", "/connectors/google-ads/authorize")).toHaveLength(1);
    view.unmount();
  });

  it("says why the connection failed when the user comes back from Google", async () => {
    mockApi({ "GET /connectors/google-ads": () => json(notConnected) });
    const view = await renderScreen(GoogleAdsConnectorSection, {
      initialEntry: "/?connector=google-ads&error=project_not_approved",
    });
    const alert = await waitFor(() => {
      const found = view.container.querySelector("[role=alert]");
      if (!found) throw new Error("no alert");
      return found;
    });
    expect(alert.textContent).toMatch(
      /^Your Google account is connected, but Google has not approved this server's Google Cloud project/,
    );
    view.unmount();
  });

  it("shows the account, the keywords planned and the reads, and reads again on request", async () => {
    const api = mockApi({
      "GET /connectors/google-ads": () => json(connected),
      "POST /connectors/google-ads/refresh": () => json({ ...connected, status: "reading", nextRunAt: null }),
    });
    const view = await renderScreen(GoogleAdsConnectorSection, {
      initialEntry: "/?connector=google-ads&status=connected",
    });
    await waitFor(() => getByText(view.container, "Connected"));
    getByText(view.container, "Google Ads is connected: your keywords are planned now, then every day.");
    expect(view.container.textContent).toContain("42 keywords planned");
    expect(view.container.textContent).toContain("Lumora Coffee (123-456-7890) · GBP");
    await click(getByRoleName(view.container, "button", "Read again now"));
    await waitFor(() => getByText(view.container, "Planning keywords"));
    expect(api.calls("POST", "/connectors/google-ads/refresh")).toHaveLength(1);
    view.unmount();
  });

  it("says until when the quota is spent, and asks to reconnect when Google refused the grant", async () => {
    mockApi({
      "GET /connectors/google-ads": () =>
        json({ ...connected, status: "quota_exhausted", quotaExhaustedUntil: "2026-11-26T08:00:00.000Z" }),
    });
    const spent = await renderScreen(GoogleAdsConnectorSection);
    await waitFor(() => getByText(spent.container, "Quota exhausted"));
    expect(spent.container.textContent).toContain("quota spent until 26 Nov");
    expect(getByRoleName(spent.container, "button", "Read again now").hasAttribute("disabled")).toBe(true);
    spent.unmount();

    mockApi({
      "GET /connectors/google-ads": () =>
        json({
          ...connected,
          status: "token_expired",
          statusReason: "Reconnect Google Ads.",
          nextRunAt: null,
        }),
    });
    const expired = await renderScreen(GoogleAdsConnectorSection);
    await waitFor(() => getByText(expired.container, "Access expired: reconnect"));
    getByRoleName(expired.container, "button", "Reconnect Google Ads");
    expect(queryByText(expired.container, "Read again now")).toBeNull();
    expired.unmount();
  });

  it("says when the server must be updated, keeping the user's connection and letting them read again", async () => {
    const api = mockApi({
      "GET /connectors/google-ads": () =>
        json({
          ...connected,
          status: "version_sunset",
          statusReason: "Google Ads no longer serves the API version this server calls (v26).",
          customer: null,
          customers: [],
        }),
      "POST /connectors/google-ads/refresh": () => json({ ...connected, status: "reading", nextRunAt: null }),
    });
    const view = await renderScreen(GoogleAdsConnectorSection);
    await waitFor(() => getByText(view.container, "Server update needed"));
    expect(view.container.textContent).not.toContain("can use no Google Ads account");
    expect(queryByText(view.container, "Reconnect Google Ads")).toBeNull();
    await click(getByRoleName(view.container, "button", "Read again now"));
    await waitFor(() => expect(api.calls("POST", "/connectors/google-ads/refresh")).toHaveLength(1));
    view.unmount();
  });

  it("says when the server has no Google OAuth client, and when the connector cannot be loaded", async () => {
    mockApi({
      "GET /connectors/google-ads": () =>
        json({
          ...notConnected,
          status: "not_available",
          statusReason: "Google Ads is not set up on this server.",
        }),
    });
    const view = await renderScreen(GoogleAdsConnectorSection);
    await waitFor(() => getByText(view.container, "Not available"));
    getByText(view.container, "Google Ads is not set up on this server.");
    expect(view.container.querySelector("button")).toBeNull();
    view.unmount();

    mockApi({ "GET /connectors/google-ads": () => problem(500, "INTERNAL", "Something failed") });
    const failed = await renderScreen(GoogleAdsConnectorSection);
    await waitFor(() => getByText(failed.container, "We could not load the Google Ads connector"));
    failed.unmount();
  });
});
