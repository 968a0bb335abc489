import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { UpgradeModalProvider } from "../billing/upgrade-modal-provider";
import {
  click,
  getByRoleName,
  getInputByLabel,
  json,
  mockApi,
  problem,
  type Rendered,
  renderScreen,
  waitFor,
} from "../modules/test-utils";
import { expiryIn, windowOfPeriod } from "./queries";
import { ShareReportButton } from "./share-report-button";
import { SharedReportsSection } from "./shared-reports-section";

const WINDOW = { from: "2026-11-02", to: "2026-11-29" };
const report = {
  id: "5f0c1f8e-3a52-4c1b-9d2e-0a1b2c3d4e5f",
  module: "content",
  brandName: "Oakridge Roasters",
  window: WINDOW,
  status: "active",
  expiresAt: "2026-12-30T00:00:00.000Z",
  createdAt: "2026-11-30T09:00:00.000Z",
  createdBy: { id: "2b9c1f8e-3a52-4c1b-9d2e-0a1b2c3d4e5f", name: "Ines Okafor" },
  lastOpenedAt: null,
  revokedAt: null,
};

let rendered: Rendered | undefined;
beforeEach(() => localStorage.clear());
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("ShareReportButton", () => {
  it("makes a link for the days on screen and shows it once", async () => {
    const token = "Q2xlYXJseS1ub3QtYS1yZWFsLXRva2VuLWJ1dC1vZi1pdHMtc2hhcGU";
    const api = mockApi({ "POST /shared-reports": () => json({ report, token }, 201) });
    rendered = await renderScreen(() => <ShareReportButton module="content" window={WINDOW} />);
    await click(getByRoleName(rendered.container, "button", "Share report"));
    await waitFor(() => expect(document.body.textContent).toContain("2 Nov 2026 to 29 Nov 2026"));
    await click(getByRoleName(document.body, "button", "Create link"));
    const link = await waitFor(() => getInputByLabel(document.body, "Link"));
    expect(link.value).toBe(`${window.location.origin}/report?token=${token}`);
    expect(api.calls("POST", "/shared-reports")[0]?.body).toEqual({
      module: "content",
      ...WINDOW,
      expiresAt: expiryIn(30),
    });
  });

  it("shows Starter's refusal with the way to the plans", async () => {
    const message =
      "Shared reports are not part of the Starter plan. Upgrade to Professional to share a report by link.";
    mockApi({ "POST /shared-reports": () => problem(402, "PLAN_LIMIT", message) });
    // Under the signed-in layout's upgrade modal, as in the app: the refusal offers the plans.
    rendered = await renderScreen(() => (
      <UpgradeModalProvider>
        <ShareReportButton module="content" window={WINDOW} />
      </UpgradeModalProvider>
    ));
    await click(getByRoleName(rendered.container, "button", "Share report"));
    await click(await waitFor(() => getByRoleName(document.body, "button", "Create link")));
    await waitFor(() => expect(document.body.textContent).toContain(message));
    expect(getByRoleName(document.body, "button", "See plans")).toBeTruthy();
  });

  it("waits for the module's days before it can share", async () => {
    mockApi({});
    rendered = await renderScreen(() => <ShareReportButton module="content" window={undefined} />);
    expect(getByRoleName(rendered.container, "button", "Share report").hasAttribute("disabled")).toBe(true);
  });
});

describe("SharedReportsSection", () => {
  it("lists who shared what and revokes a link", async () => {
    let revoked = false;
    const api = mockApi({
      "GET /shared-reports": () =>
        json([revoked ? { ...report, status: "revoked", revokedAt: "2026-12-01T10:00:00.000Z" } : report]),
      "DELETE /shared-reports/:id": () => {
        revoked = true;
        return json({ ...report, status: "revoked" });
      },
    });
    rendered = await renderScreen(() => <SharedReportsSection />);
    const { container } = rendered;
    await waitFor(() => expect(container.textContent).toContain("Content · Oakridge Roasters"));
    expect(container.textContent).toContain("shared by Ines Okafor");
    expect(container.textContent).toContain("never opened");
    await click(getByRoleName(container, "button", "Revoke the link to Content · Oakridge Roasters"));
    await waitFor(() => expect(container.textContent).toContain("Revoked"));
    expect(api.calls("DELETE", `/shared-reports/${report.id}`)).toHaveLength(1);
  });
});

describe("windowOfPeriod", () => {
  it("gives a named period's days ending today, and a custom range as it is", () => {
    expect(windowOfPeriod({ period: "30d" }, "2026-11-29")).toEqual({ from: "2026-10-31", to: "2026-11-29" });
    expect(windowOfPeriod({ period: "7d" }, "2026-11-29")).toEqual({ from: "2026-11-23", to: "2026-11-29" });
    expect(windowOfPeriod({ period: "custom", from: "2026-01-01", to: "2026-01-31" })).toEqual({
      from: "2026-01-01",
      to: "2026-01-31",
    });
  });
});
