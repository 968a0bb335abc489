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
import { SearchConsoleConnectorSection } from "./search-console-connector";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = "";
});

const notConnected = {
  status: "not_connected",
  statusReason: null,
  property: null,
  properties: [],
  brandWebsite: "https://www.lumora.example/",
  queries: 0,
  lastSuccessAt: null,
  lastRunAt: null,
  nextRunAt: null,
} as const;

const connected = {
  ...notConnected,
  status: "connected",
  property: "sc-domain:lumora.example",
  properties: [
    { siteUrl: "https://shop.lumora.example/", permissionLevel: "siteFullUser" },
    { siteUrl: "sc-domain:lumora.example", permissionLevel: "siteOwner" },
  ],
  queries: 1234,
  lastSuccessAt: "2026-11-25T08:17:00.000Z",
  lastRunAt: "2026-11-25T08:17:00.000Z",
  nextRunAt: "2026-11-26T08:17:00.000Z",
} as const;

describe("the Google Search Console section", () => {
  it("sends the browser to Google's consent page", async () => {
    const consent = "https://accounts.google.com/o/oauth2/v2/auth?client_id=x&state=y";
    const api = mockApi({
      "GET /connectors/search-console": () => json(notConnected),
      "POST /connectors/search-console/authorize": () => json({ url: consent }),
    });
    const assign = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, assign });
    const view = await renderScreen(SearchConsoleConnectorSection);
    await waitFor(() => getByText(view.container, "Not connected"));
    expect(view.container.textContent).toContain("verified https://www.lumora.example/ in Search Console");
    await click(getByRoleName(view.container, "button", "Connect Google Search Console"));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(consent));
    expect(api.calls("POST", "/connectors/search-console/authorize")).toHaveLength(1);
    view.unmount();
  });

  it("says why the connection failed when the user comes back from Google", async () => {
    mockApi({ "GET /connectors/search-console": () => json(notConnected) });
    const view = await renderScreen(SearchConsoleConnectorSection, {
      initialEntry: "/?connector=search-console&error=state_invalid",
    });
    const alert = await waitFor(() => {
      const found = view.container.querySelector("[role=alert]");
      if (!found) throw new Error("no alert");
      return found;
    });
    expect(alert.textContent).toBe(
      "The connection took too long or was started in another browser or tab. Connect again from here.",
    );
    view.unmount();
  });

  it("shows the property, the reads and the status, and reads again or chooses another property", async () => {
    const api = mockApi({
      "GET /connectors/search-console": () => json(connected),
      "POST /connectors/search-console/refresh": () =>
        problem(429, "RATE_LIMITED", "Search Console was read a moment ago."),
    });
    const view = await renderScreen(SearchConsoleConnectorSection, {
      initialEntry: "/?connector=search-console&status=connected",
    });
    await waitFor(() => getByText(view.container, "Connected"));
    getByText(view.container, "Google Search Console is connected: your queries are being read.");
    expect(view.container.textContent).toContain("1,234 queries stored");
    expect(view.container.textContent).toContain("next read 26 Nov");
    // Several properties: a labelled select showing the one read.
    const label = [...view.container.querySelectorAll("label")].find(
      (l) => l.textContent === "Search Console property",
    );
    expect(label).toBeDefined();
    const trigger = view.container.querySelector(`#${CSS.escape(label?.getAttribute("for") ?? "")}`);
    expect(trigger?.textContent).toContain("sc-domain:lumora.example");
    await click(getByRoleName(view.container, "button", "Read again now"));
    await waitFor(() => getByText(view.container, "Search Console was read a moment ago."));
    expect(api.calls("POST", "/connectors/search-console/refresh")).toHaveLength(1);
    view.unmount();
  });

  it("asks to reconnect when Google refused the grant", async () => {
    mockApi({
      "GET /connectors/search-console": () =>
        json({
          ...connected,
          status: "token_expired",
          statusReason:
            "Google no longer accepts Brandscope's access to Search Console (it was revoked or has expired): reconnect to read your queries again.",
          nextRunAt: null,
        }),
    });
    const view = await renderScreen(SearchConsoleConnectorSection);
    await waitFor(() => getByText(view.container, "Access expired: reconnect"));
    getByRoleName(view.container, "button", "Reconnect Google Search Console");
    expect(queryByText(view.container, "Read again now")).toBeNull();
    view.unmount();
  });

  it("says when the server has no Google client, and when the connector cannot be loaded", async () => {
    mockApi({
      "GET /connectors/search-console": () =>
        json({
          ...notConnected,
          status: "not_available",
          statusReason: "Google Search Console is not set up on this server.",
        }),
    });
    const view = await renderScreen(SearchConsoleConnectorSection);
    await waitFor(() => getByText(view.container, "Not available"));
    getByText(view.container, "Google Search Console is not set up on this server.");
    expect(view.container.querySelector("button")).toBeNull();
    view.unmount();

    mockApi({ "GET /connectors/search-console": () => problem(500, "INTERNAL", "Something failed") });
    const failed = await renderScreen(SearchConsoleConnectorSection);
    await waitFor(() => getByText(failed.container, "We could not load the Search Console connector"));
    failed.unmount();
  });
});
