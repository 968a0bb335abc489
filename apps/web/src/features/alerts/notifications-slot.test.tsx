import { act } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { click, json, mockApi, type Rendered, renderScreen, waitFor } from "../modules/test-utils";
import { NotificationsSlot, whenLabel } from "./notifications-slot";

const BRAND = "0b9d3f5e-2c1a-4b7e-9f10-3a6c8d2e4f01";
const alert = (id: string, title: string, read: boolean) => ({
  id,
  rule: "engagement",
  brandId: BRAND,
  title,
  detail: "130 engagements per post between 23–29 Nov 2026, against a usual 100.",
  link: `/content?brand=${BRAND}&period=custom&from=2026-11-23&to=2026-11-29`,
  period: { from: "2026-11-23", to: "2026-11-29" },
  firedAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
  read,
});
const list = {
  groups: [
    {
      id: "a3f1c2d4-0000-4000-8000-000000000001",
      firedAt: new Date().toISOString(),
      alerts: [alert("a1", "Engagement spike for Oakridge Roasters", false)],
    },
  ],
  unread: 1,
};

let rendered: Rendered | undefined;
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = "";
});

const bell = (name: string) => {
  const found = [...document.querySelectorAll<HTMLButtonElement>("button")].find(
    (b) => b.getAttribute("aria-label") === name,
  );
  if (!found) throw new Error(`No button ${name}`);
  return found;
};

describe("NotificationsSlot", () => {
  it("shows the unread count; opening an alert marks it read and leads to the figure at its period", async () => {
    const api = mockApi({
      "GET /alerts": () => json(list),
      "POST /alerts/read": () => json({ unread: 0 }),
    });
    rendered = await renderScreen(() => <NotificationsSlot />);
    const button = await waitFor(() => bell("Notifications, 1 unread"), { timeout: 5000 });
    // Radix opens its menu on a primary button's pointerdown.
    await act(async () => {
      button.dispatchEvent(
        new PointerEvent("pointerdown", { bubbles: true, button: 0, pointerType: "mouse" }),
      );
    });
    const entry = await waitFor(() => {
      const found = document.querySelector<HTMLAnchorElement>('[role="menuitem"][href^="/content"]');
      if (!found) throw new Error("No entry");
      return found;
    });
    expect(entry.getAttribute("href")).toBe(
      `/content?brand=${BRAND}&period=custom&from=2026-11-23&to=2026-11-29`,
    );
    expect(entry.textContent).toContain("2 hours ago");
    await click(entry);
    await waitFor(() => expect(api.calls("POST", "/alerts/read")).toHaveLength(1));
    expect(api.calls("POST", "/alerts/read")[0]?.body).toEqual({ ids: ["a1"] });
  });

  it("says when an alert fired as a reader thinks of it", () => {
    const now = new Date("2026-12-07T12:00:00Z");
    expect(whenLabel("2026-12-07T11:55:00Z", now)).toBe("5 minutes ago");
    expect(whenLabel("2026-12-07T09:00:00Z", now)).toBe("3 hours ago");
    expect(whenLabel("2026-12-06T09:00:00Z", now)).toBe("yesterday");
  });
});
