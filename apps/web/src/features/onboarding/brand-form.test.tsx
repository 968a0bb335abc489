import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BrandForm } from "./brand-form";
import type { BrandFormValues } from "./brand-schema";
import {
  alerts,
  choose,
  click,
  countries,
  getButton,
  getByLabel,
  json,
  mockApi,
  ownBrand,
  problem,
  type Rendered,
  render,
  type,
  waitFor,
} from "./test-utils";

let view: Rendered | undefined;
beforeEach(() => localStorage.clear());
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
});

const filled: BrandFormValues = {
  websiteUrl: " https://lumora.coffee ",
  country: "GB",
  brandName: " Lumora Coffee ",
  socialLinks: [{ socialPlatform: "instagram", socialLink: "https://www.instagram.com/lumoracoffee" }],
};

async function renderForm(props: Partial<Parameters<typeof BrandForm>[0]> = {}) {
  const onSaved = vi.fn();
  const rendered = await render(() => <BrandForm onSaved={onSaved} {...props} />);
  view = rendered;
  // The countries arrive: the select is ready.
  await waitFor(() => expect(getByLabel(rendered.container, "Country").hasAttribute("disabled")).toBe(false));
  return { view: rendered, onSaved };
}

describe("BrandForm", () => {
  it("shows every required message once the user tries to continue, and sends nothing", async () => {
    const api = mockApi({ "GET /countries": () => json(countries) });
    const { view } = await renderForm();
    expect(alerts(view.container)).toEqual([]);
    await click(getButton(view.container, "Continue"));
    await waitFor(() =>
      expect(alerts(view.container)).toEqual([
        "Website URL is required",
        "Brand name is required",
        "Country is required",
        "Please select a social platform",
        "Please provide a valid link for the selected platform",
      ]),
    );
    expect(api.calls("POST", "/brand")).toHaveLength(0);
  });

  it("shows a field's message once the user leaves it", async () => {
    mockApi({ "GET /countries": () => json(countries) });
    const { view } = await renderForm();
    await type(getByLabel(view.container, "Website URL"), "lumora.coffee");
    await waitFor(() =>
      expect(alerts(view.container)).toEqual([
        "Invalid URL. Please enter a valid one starting with http:// or https://",
      ]),
    );
    // A link without a platform: only the platform is missing, and it was not touched yet.
    await type(getByLabel(view.container, "Link"), "https://www.facebook.com/lumora");
    expect(alerts(view.container)).toEqual([
      "Invalid URL. Please enter a valid one starting with http:// or https://",
    ]);
    await type(getByLabel(view.container, "Brand name"), "  ");
    await waitFor(() =>
      expect(alerts(view.container)).toEqual([
        "Invalid URL. Please enter a valid one starting with http:// or https://",
        "Brand name is required",
      ]),
    );
  });

  it("says when a link does not match its platform, and when a platform repeats", async () => {
    mockApi({ "GET /countries": () => json(countries) });
    const { view } = await renderForm({
      defaultValues: {
        ...filled,
        socialLinks: [
          { socialPlatform: "tiktok", socialLink: "https://www.instagram.com/lumoracoffee" },
          { socialPlatform: "tiktok", socialLink: "https://www.tiktok.com/@lumoracoffee" },
        ],
      },
    });
    await click(getButton(view.container, "Continue"));
    await waitFor(() =>
      expect(alerts(view.container)).toEqual([
        "The link must match the selected platform",
        "Each platform must be unique",
      ]),
    );
  });

  it("starts a new social link on a platform not used yet, and says at once when a platform repeats", async () => {
    mockApi({ "GET /countries": () => json(countries) });
    const { view } = await renderForm();
    await choose(getByLabel(view.container, "Platform"), "Facebook");
    await click(getButton(view.container, "Add a social link"));
    await waitFor(() => expect(getByLabel(view.container, "Platform", 1).textContent).toContain("TikTok"));
    expect(alerts(view.container)).toEqual([]);
    await choose(getByLabel(view.container, "Platform", 1), "Facebook");
    await waitFor(() => expect(alerts(view.container)).toEqual(["Each platform must be unique"]));
    await choose(getByLabel(view.container, "Platform", 1), "Instagram");
    await waitFor(() => expect(alerts(view.container)).toEqual([]));
    // Facebook and Instagram are taken: the third row starts on TikTok, and then every platform has its row.
    await click(getButton(view.container, "Add a social link"));
    await waitFor(() => expect(getByLabel(view.container, "Platform", 2).textContent).toContain("TikTok"));
    expect(getButton(view.container, "Add a social link").disabled).toBe(true);
  });

  it("asks for at least one social link once the last one is removed", async () => {
    mockApi({ "GET /countries": () => json(countries) });
    const { view } = await renderForm({ defaultValues: filled });
    await click(getButton(view.container, "Remove social link 1"));
    await waitFor(() => expect(alerts(view.container)).toEqual(["At least one social link is required"]));
    await click(getButton(view.container, "Add a social link"));
    // A new row starts on the first platform not used yet.
    await waitFor(() => expect(getByLabel(view.container, "Platform").textContent).toContain("Facebook"));
  });

  it("connects the brand with POST /brand, trimmed, and reports the saved brand", async () => {
    const api = mockApi({
      "GET /countries": () => json(countries),
      "POST /brand": () => json(ownBrand, 201),
    });
    const { view, onSaved } = await renderForm({ defaultValues: filled });
    await click(getButton(view.container, "Continue"));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(ownBrand));
    expect(api.calls("POST", "/brand")[0]?.body).toEqual({
      websiteUrl: "https://lumora.coffee",
      country: "GB",
      brandName: "Lumora Coffee",
      socialLinks: [{ socialPlatform: "instagram", socialLink: "https://www.instagram.com/lumoracoffee" }],
    });
  });

  it("shows the server's refusal in the form and keeps every value", async () => {
    mockApi({
      "GET /countries": () => json(countries),
      "POST /brand": () => problem(400, "The website did not answer.", "VALIDATION_FAILED"),
    });
    const { view, onSaved } = await renderForm({ defaultValues: filled });
    await click(getButton(view.container, "Continue"));
    await waitFor(() => expect(alerts(view.container)).toEqual(["The website did not answer."]));
    expect(onSaved).not.toHaveBeenCalled();
    expect(getByLabel(view.container, "Website URL").value).toBe(" https://lumora.coffee ");
    expect(getByLabel(view.container, "Brand name").value).toBe(" Lumora Coffee ");
    expect(getByLabel(view.container, "Link").value).toBe("https://www.instagram.com/lumoracoffee");
    expect(getButton(view.container, "Continue").hasAttribute("disabled")).toBe(false);
  });

  it("keeps the catalogue text for a server failure", async () => {
    mockApi({
      "GET /countries": () => json(countries),
      "POST /brand": () => problem(500, "db down at 10.0.0.3"),
    });
    const { view } = await renderForm({ defaultValues: filled });
    await click(getButton(view.container, "Continue"));
    await waitFor(() => expect(alerts(view.container)).toEqual(["Internal Server Error"]));
  });

  it("continues without a call when the connected brand is unchanged", async () => {
    const api = mockApi({ "GET /countries": () => json(countries) });
    const { view, onSaved } = await renderForm({
      brand: { ...ownBrand, socialLinks: [...ownBrand.socialLinks] },
    });
    expect(getByLabel(view.container, "Brand name").value).toBe("Lumora Coffee");
    await click(getButton(view.container, "Continue"));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.calls("POST", "/brand")).toHaveLength(0);
  });

  it("says so when the countries cannot be loaded, and loads them again on request", async () => {
    let fail = true;
    mockApi({ "GET /countries": () => (fail ? problem(503, "Not ready") : json(countries)) });
    const onSaved = vi.fn();
    const rendered = await render(() => <BrandForm onSaved={onSaved} />);
    view = rendered;
    await waitFor(() => expect(getButton(rendered.container, "Try again")).toBeTruthy());
    expect(getByLabel(rendered.container, "Country").hasAttribute("disabled")).toBe(true);
    fail = false;
    await click(getButton(rendered.container, "Try again"));
    await waitFor(() =>
      expect(getByLabel(rendered.container, "Country").hasAttribute("disabled")).toBe(false),
    );
  });
});
