import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  click,
  getByRoleName,
  json,
  mockApi,
  type Rendered,
  renderScreen,
  waitFor,
} from "../modules/test-utils";
import { DigestSection } from "./digest-section";

const BRAND = "0b9d3f5e-2c1a-4b7e-9f10-3a6c8d2e4f01";
const off = {
  brandId: BRAND,
  enabled: false,
  weekday: 1,
  hour: 8,
  timeZone: "Antarctica/Troll",
  attachPdf: false,
};

let rendered: Rendered | undefined;
beforeEach(() => localStorage.clear());
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

const switchOf = (container: Element, index = 0) => {
  const found = container.querySelectorAll<HTMLButtonElement>("button[role=switch]")[index];
  if (!found) throw new Error("No switch");
  return found;
};

describe("DigestSection", () => {
  it("turns the member's digest on, shows their day, hour and time zone, and offers this device's zone", async () => {
    const api = mockApi({
      "GET /digest": () => json(off),
      "PUT /digest": async (request) => json({ ...off, ...((await request.json()) as object) }),
      "PATCH /user": () => json({}),
    });
    rendered = await renderScreen(() => <DigestSection />);
    const { container } = rendered;
    await waitFor(
      () => expect(container.textContent).toContain("Times are in your time zone, Antarctica/Troll."),
      { timeout: 5000 },
    );
    expect(switchOf(container).getAttribute("aria-checked")).toBe("false");
    expect(container.textContent).toContain("Monday");
    expect(container.textContent).toContain("08:00");
    // The labelled switch: its label names what it turns on.
    const labelled = container.querySelector(`label[for="${switchOf(container).id}"]`);
    expect(labelled?.textContent).toContain("E-mail me the weekly digest of this brand");

    await click(switchOf(container));
    await waitFor(() => expect(switchOf(container).getAttribute("aria-checked")).toBe("true"));
    expect(api.calls("PUT", "/digest")[0]?.body).toEqual({ enabled: true });

    // The PDF report: its own switch beside the digest's, off until asked for, saved at once.
    const pdf = switchOf(container, 1);
    expect(container.querySelector(`label[for="${pdf.id}"]`)?.textContent).toContain(
      "Attach the week's report as a PDF",
    );
    expect(pdf.getAttribute("aria-checked")).toBe("false");
    await click(pdf);
    await waitFor(() => expect(switchOf(container, 1).getAttribute("aria-checked")).toBe("true"));
    expect(api.calls("PUT", "/digest")[1]?.body).toEqual({ attachPdf: true });

    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    await click(getByRoleName(container, "button", `Use this device's time zone (${zone})`));
    await waitFor(() => expect(api.calls("PATCH", "/user")).toHaveLength(1));
    expect(api.calls("PATCH", "/user")[0]?.body).toEqual({ timeZone: zone });
  });

  it("says what the digest needs on a workspace without a brand of its own, rather than failing", async () => {
    mockApi({
      "GET /digest": () =>
        json(
          { code: "NO_BRAND", message: "Connect a brand first: the weekly digest is about your own brand." },
          404,
        ),
    });
    rendered = await renderScreen(() => <DigestSection />);
    const { container } = rendered;
    await waitFor(() =>
      expect(container.textContent).toContain("The weekly digest is about a brand of your own"),
    );
    expect(container.querySelector("button[role=switch]")).toBeNull();
  });
});
