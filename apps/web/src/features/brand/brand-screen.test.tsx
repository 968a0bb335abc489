import { afterEach, describe, expect, it, vi } from "vitest";
import {
  activeBrand,
  click,
  getByRoleName,
  getByText,
  getInputByLabel,
  json,
  mockApi,
  problem,
  renderScreen,
  type,
  waitFor,
} from "../modules/test-utils";
import { userKeys } from "../user/queries";
import { BrandScreen } from "./brand-screen";

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

const ownBrand = {
  ...activeBrand,
  socialLinks: [
    { platform: "instagram", url: "https://www.instagram.com/lumoracoffee" },
    { platform: "youtube", url: "https://youtube.com/@lumora" },
  ],
} as const;
const reference = {
  "GET /countries": () => json([{ code: "GB", name: "United Kingdom", emoji: "🇬🇧" }]),
  "GET /industries": () => json([{ id: "food-beverage", label: "Food & Beverage" }]),
  "GET /brand/competitor": () => json({ competitors: [], limit: 1 }),
};

describe("Brand screen", () => {
  it("saves only what changed, and keeps what was typed when the server refuses it", async () => {
    let stored: typeof ownBrand = ownBrand;
    const bodies: unknown[] = [];
    mockApi({
      ...reference,
      "GET /brand": () => json({ brand: stored }),
      "PATCH /brand": async (request) => {
        const body = await request.json();
        bodies.push(body);
        if (bodies.length === 1) return problem(400, "VALIDATION_FAILED", "Choose a country from the list");
        stored = { ...stored, name: body.brandName };
        return json(stored);
      },
    });
    const view = await renderScreen(BrandScreen);
    const name = await waitFor(() => getInputByLabel(view.container, "Brand name"));
    expect(name.value).toBe("Lumora Coffee");
    await type(name, "Lumora Roasters");
    await click(getByRoleName(view.container, "button", "Save changes"));
    await waitFor(() => getByText(view.container, "Choose a country from the list"));
    expect(getInputByLabel(view.container, "Brand name").value).toBe("Lumora Roasters");

    await click(getByRoleName(view.container, "button", "Save changes"));
    await waitFor(() => expect(bodies).toHaveLength(2));
    // The name alone: the links, website, country and industry are as stored.
    expect(bodies).toEqual([{ brandName: "Lumora Roasters" }, { brandName: "Lumora Roasters" }]);
    view.unmount();
  });

  it("offers a workspace on the sample brand to connect its own", async () => {
    mockApi({ ...reference, "GET /brand": () => json({ brand: { ...activeBrand, sample: true } }) });
    const view = await renderScreen(BrandScreen);
    await waitFor(() => getByText(view.container, /^You are exploring the sample brand, Lumora Coffee/));
    const link = getByRoleName(view.container, "link", "Connect your own brand");
    expect(link.getAttribute("href")).toBe("/questionnaire/connect_own");
    expect(view.container.querySelector("form")).toBeNull();
    // A member is told who connects it instead.
    view.queryClient.setQueryData(userKeys.me(), { workspace: { role: "member" } });
    await waitFor(() =>
      getByText(view.container, "Only owners and admins can connect the workspace's own brand."),
    );
    expect(view.container.querySelector("a")).toBeNull();
    view.unmount();
  });

  it("says why the website could not be read", async () => {
    mockApi({
      ...reference,
      "GET /brand": () =>
        json({
          brand: {
            ...ownBrand,
            status: "error",
            statusReason: "The website's domain name could not be found",
          },
        }),
    });
    const view = await renderScreen(BrandScreen);
    await waitFor(() =>
      getByText(
        view.container,
        "Your website could not be read. The website's domain name could not be found.",
      ),
    );
    view.unmount();
  });

  it("shows a member the brand and its competitors with the controls disabled, and why", async () => {
    mockApi({ ...reference, "GET /brand": () => json({ brand: ownBrand }) });
    const view = await renderScreen(BrandScreen);
    const name = await waitFor(() => getInputByLabel(view.container, "Brand name"));
    expect(name.disabled).toBe(false);
    view.queryClient.setQueryData(userKeys.me(), { workspace: { role: "member" } });
    await waitFor(() =>
      getByText(view.container, "Only owners and admins can change the brand and its competitors."),
    );
    // Inside a disabled fieldset, which disables every control in it (happy-dom does not apply that itself).
    const lock = (element: Element) => element.closest("fieldset")?.disabled;
    expect(lock(getInputByLabel(view.container, "Brand name"))).toBe(true);
    expect(lock(getByRoleName(view.container, "button", "Save changes"))).toBe(true);
    view.unmount();
  });
});
