import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  click,
  getByRoleName,
  getInputByLabel,
  json,
  mockApi,
  type Rendered,
  renderScreen,
  type,
  waitFor,
} from "../modules/test-utils";
import { AlertDeliverySection } from "./alert-delivery-section";

const settings = { rules: [], mutedRules: [], email: "hourly", canEditRules: true };
const slack = {
  kind: "slack",
  urlHint: "hooks.slack.com/…Xy7Q",
  lastSuccessAt: null,
  lastFailureAt: "2026-12-07T12:00:00.000Z",
  lastError: "The webhook answered HTTP 500",
  pending: 1,
  givenUp: 0,
  lastGivenUpAt: null,
};
const teams = {
  ...slack,
  kind: "teams",
  urlHint: "prod-23.westeurope.logic.azure.com/…=abc",
  lastError: null,
  pending: 0,
  givenUp: 2,
  lastGivenUpAt: "2026-12-04T09:00:00.000Z",
};
const TEAMS_URL =
  "https://prod-23.westeurope.logic.azure.com/workflows/1a2b/triggers/manual/paths/invoke?sig=abc";

let rendered: Rendered | undefined;
beforeEach(() => localStorage.clear());
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("AlertDeliverySection", () => {
  it("shows an admin the member's alert e-mail, each chat's state, and saves and tests a webhook", async () => {
    let refuseNext = true;
    const api = mockApi({
      "GET /alerts/settings": () => json(settings),
      "GET /alerts/channels": () => json({ available: true, channels: [slack] }),
      "PUT /alerts/channels/teams": () => {
        if (refuseNext) {
          refuseNext = false;
          const message =
            "Paste the URL of a Teams workflow started by “When a Teams webhook request is received”.";
          const body = {
            code: "VALIDATION_FAILED",
            message: "The request is invalid",
            details: [{ path: "/url", message }],
          };
          return json(body, 400);
        }
        return json({ available: true, channels: [slack, teams] });
      },
      "POST /alerts/channels/slack/test": () =>
        json({ delivered: false, error: "The webhook answered HTTP 404" }),
    });
    rendered = await renderScreen(() => <AlertDeliverySection workspaceRole="admin" />);
    const { container } = rendered;
    await waitFor(() => expect(container.textContent).toContain("Posting to hooks.slack.com/…Xy7Q"), {
      timeout: 5000,
    });
    expect(container.textContent).toContain("Once an hour, bundled");
    expect(container.textContent).toContain(
      "Last post failed: The webhook answered HTTP 500 (1 waiting, tried again automatically)",
    );

    // A URL the server refuses shows its reason at the field; the next one is saved and listed.
    const input = getInputByLabel(container, "Microsoft Teams webhook URL");
    await type(input, "https://contoso.webhook.office.com/webhookb2/1");
    const saveTeams = [...container.querySelectorAll("section[aria-label='Microsoft Teams'] button")].find(
      (b) => b.textContent === "Save",
    ) as HTMLButtonElement;
    await click(saveTeams);
    await waitFor(() => expect(api.calls("PUT", "/alerts/channels/teams")).toHaveLength(1));
    await waitFor(() => expect(container.textContent).toContain("Paste the URL of a Teams workflow"));
    await type(input, TEAMS_URL);
    await click(saveTeams);
    await waitFor(() =>
      expect(container.textContent).toContain("Posting to prod-23.westeurope.logic.azure.com/…=abc"),
    );
    // Runs given up after three days of failures are counted on the webhook, not lost in silence.
    const teamsSection = container.querySelector("section[aria-label='Microsoft Teams']") as HTMLElement;
    expect(teamsSection.textContent).toMatch(
      /2 runs of alerts never reached Microsoft Teams: given up after three days of failed posts, last on .+\. They are in the notifications\./,
    );
    expect(container.querySelector("section[aria-label='Slack']")?.textContent).not.toContain(
      "never reached",
    );
    expect(api.calls("PUT", "/alerts/channels/teams").map((c) => c.body)).toEqual([
      { url: "https://contoso.webhook.office.com/webhookb2/1" },
      { url: TEAMS_URL },
    ]);

    const slackSection = container.querySelector("section[aria-label='Slack']") as HTMLElement;
    await click(getByRoleName(slackSection, "button", "Send a test message"));
    await waitFor(() => expect(api.calls("POST", "/alerts/channels/slack/test")).toHaveLength(1));
  });

  it("shows a member only their alert e-mail: the workspace's webhooks are the admins'", async () => {
    const api = mockApi({
      "GET /alerts/settings": () => json({ ...settings, email: "off", canEditRules: false }),
    });
    rendered = await renderScreen(() => <AlertDeliverySection workspaceRole="member" />);
    const { container } = rendered;
    await waitFor(() => expect(container.textContent).toContain("Never"), { timeout: 5000 });
    expect(container.textContent).not.toContain("Slack");
    expect(api.calls("GET", "/alerts/channels")).toEqual([]);
  });

  it("says chat webhooks come with Professional on Starter", async () => {
    mockApi({
      "GET /alerts/settings": () => json(settings),
      "GET /alerts/channels": () => json({ available: false, channels: [] }),
    });
    rendered = await renderScreen(() => <AlertDeliverySection workspaceRole="owner" />);
    const { container } = rendered;
    await waitFor(
      () => expect(container.textContent).toContain("part of the Professional and Enterprise plans"),
      { timeout: 5000 },
    );
    expect(container.querySelector("input")).toBeNull();
  });
});
