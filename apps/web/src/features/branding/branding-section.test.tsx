import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  click,
  getByRoleName,
  getInputByLabel,
  json,
  mockApi,
  type Rendered,
  renderScreen,
  type as typeInto,
  waitFor,
} from "../modules/test-utils";
import { BrandingSection } from "./branding-section";

const branded = {
  available: true,
  applied: true,
  logo: "/media/workspace-logos/7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f-1b2c3d4e5f6a7b8c9d0e.webp",
  accentColor: "#0f766e",
  accentForeground: "#f9fafe",
};

let rendered: Rendered | undefined;
beforeEach(() => localStorage.clear());
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

async function render(role: "owner" | "admin" | "member") {
  rendered = await renderScreen(() => <BrandingSection workspaceName="Lumora Coffee" role={role} />);
  const { container } = rendered;
  await waitFor(() => getInputByLabel(container, "Accent colour"));
  return container;
}

describe("BrandingSection", () => {
  it("shows the logo and colour, and shows the server's contrast refusal on the field", async () => {
    const message =
      "This colour has a contrast of 2.2:1 with the dark background; choose one of at least 3:1.";
    const api = mockApi({
      "GET /workspace/branding": () => json(branded),
      "PATCH /workspace/branding": () =>
        json({ code: "ACCENT_CONTRAST", message, details: [{ path: "/accentColor", message }] }, 422),
    });
    const container = await render("admin");
    expect(container.querySelector("img")?.getAttribute("alt")).toBe("Lumora Coffee logo");
    const field = getInputByLabel(container, "Accent colour");
    expect(field.value).toBe("#0f766e");
    await typeInto(field, "#3b38b4");
    await click(getByRoleName(container, "button", "Save colour"));
    await waitFor(() => expect(container.textContent).toContain(message));
    expect(await api.calls("PATCH", "/workspace/branding")[0]?.request.json()).toEqual({
      accentColor: "#3b38b4",
    });
  });

  it("disables the settings for a member and says who can change them", async () => {
    mockApi({ "GET /workspace/branding": () => json(branded) });
    const container = await render("member");
    expect(container.textContent).toContain("Only owners and admins can change the branding.");
    expect(getInputByLabel(container, "Accent colour").disabled).toBe(true);
    expect(getByRoleName(container, "button", "Save colour")).toHaveProperty("disabled", true);
    expect(getByRoleName(container, "button", "Remove logo")).toHaveProperty("disabled", true);
  });

  it("keeps Starter's settings visible behind an upgrade prompt", async () => {
    mockApi({ "GET /workspace/branding": () => json({ ...branded, available: false, applied: false }) });
    const container = await render("owner");
    expect(container.textContent).toContain("Custom branding comes with Professional.");
    expect(getInputByLabel(container, "Accent colour").disabled).toBe(true);
    // The logo is kept, shown in the settings, though the shell no longer shows it.
    expect(container.querySelector("img")?.getAttribute("alt")).toBe("Lumora Coffee logo");
  });
});
