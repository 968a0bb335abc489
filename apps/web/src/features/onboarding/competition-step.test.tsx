import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CompetitionStep } from "./competition-step";
import {
  alerts,
  click,
  countries,
  getButton,
  getByLabel,
  getByText,
  json,
  mockApi,
  ownBrand,
  problem,
  queryByText,
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

const competitor = {
  ...ownBrand,
  id: "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
  name: "Brewhaus",
  website: "https://brewhaus.example",
  socialLinks: [],
};

async function renderStep() {
  const onContinue = vi.fn();
  const onConnectBrand = vi.fn();
  view = await render(() => (
    <CompetitionStep onBack={() => {}} onContinue={onContinue} onConnectBrand={onConnectBrand} />
  ));
  return { view, onContinue, onConnectBrand };
}

describe("CompetitionStep", () => {
  it("shows the plan's limit, adds a competitor and reloads the list", async () => {
    let list: (typeof competitor)[] = [];
    const api = mockApi({
      "GET /countries": () => json(countries),
      "GET /brand": () => json({ brand: ownBrand }),
      "GET /brand/competitor": () => json({ competitors: list, limit: 5 }),
      "POST /brand/competitor": () => {
        list = [competitor];
        return json(competitor, 201);
      },
    });
    const { view, onContinue } = await renderStep();
    await waitFor(() => getByText(view.container, "0 of 5"));
    // Nothing added yet: the step may be skipped.
    expect(getButton(view.container, "Skip for now")).toBeTruthy();

    await type(getByLabel(view.container, "Website URL"), " https://brewhaus.example ");
    await type(getByLabel(view.container, "Brand name"), "Brewhaus");
    await click(getButton(view.container, "Add competitor"));
    await waitFor(() => getByText(view.container, "1 of 5"));
    expect(api.calls("POST", "/brand/competitor")[0]?.body).toEqual({
      websiteUrl: "https://brewhaus.example",
      brandName: "Brewhaus",
    });
    expect(getByText(view.container, "Brewhaus")).toBeTruthy();
    // The form is empty again for the next one.
    expect(getByLabel(view.container, "Website URL").value).toBe("");
    await click(getButton(view.container, "Continue"));
    expect(onContinue).toHaveBeenCalled();
  });

  it("says so at the plan's limit instead of offering the form", async () => {
    mockApi({
      "GET /countries": () => json(countries),
      "GET /brand": () => json({ brand: ownBrand }),
      "GET /brand/competitor": () => json({ competitors: [competitor], limit: 1 }),
    });
    const { view } = await renderStep();
    await waitFor(() => getByText(view.container, "You have reached your plan's limit of 1 competitor."));
    expect(queryByText(view.container, "Add a competitor")).toBeNull();
  });

  it("keeps competitors beyond a smaller plan's limit visible, read-only, naming the limit", async () => {
    const others = ["Roastery", "Kiln"].map((name, index) => ({
      ...competitor,
      id: `${index}${competitor.id.slice(1)}`,
      name,
    }));
    mockApi({
      "GET /countries": () => json(countries),
      "GET /brand": () => json({ brand: ownBrand }),
      "GET /brand/competitor": () => json({ competitors: [competitor, ...others], limit: 1 }),
    });
    const { view } = await renderStep();
    await waitFor(() =>
      getByText(view.container, "Your plan allows 1 competitor: the 2 beyond it stay visible, read-only."),
    );
    for (const name of ["Brewhaus", "Roastery", "Kiln"]) expect(getByText(view.container, name)).toBeTruthy();
    expect(queryByText(view.container, "Add a competitor")).toBeNull();
  });

  it("shows a 402's message and keeps what was typed", async () => {
    let limit = 5;
    mockApi({
      "GET /countries": () => json(countries),
      "GET /brand": () => json({ brand: ownBrand }),
      "GET /brand/competitor": () => json({ competitors: [], limit }),
      "POST /brand/competitor": () => {
        limit = 0;
        return problem(402, "Your plan allows 0 competitors. Upgrade to add more.", "PLAN_LIMIT");
      },
    });
    const { view } = await renderStep();
    await waitFor(() => getByText(view.container, "0 of 5"));
    await type(getByLabel(view.container, "Website URL"), "https://brewhaus.example");
    await type(getByLabel(view.container, "Brand name"), "Brewhaus");
    await click(getButton(view.container, "Add competitor"));
    await waitFor(() =>
      expect(alerts(view.container)).toContain("Your plan allows 0 competitors. Upgrade to add more."),
    );
    // The list reloaded (limit 0 now) and the form stays with its values.
    await waitFor(() => getByText(view.container, "0 of 0"));
    expect(getByLabel(view.container, "Website URL").value).toBe("https://brewhaus.example");
    expect(getByLabel(view.container, "Brand name").value).toBe("Brewhaus");
  });

  it("asks to connect the brand first when there is none", async () => {
    mockApi({
      "GET /brand": () => json({ brand: null }),
      "GET /brand/competitor": () => json({ competitors: [], limit: 1 }),
    });
    const { view, onConnectBrand } = await renderStep();
    await waitFor(() => getByText(view.container, "Connect your brand first"));
    await click(getButton(view.container, "Connect my brand"));
    expect(onConnectBrand).toHaveBeenCalled();
  });

  it("offers a retry when the list cannot be loaded", async () => {
    let fail = true;
    mockApi({
      "GET /brand": () => json({ brand: ownBrand }),
      "GET /brand/competitor": () => (fail ? problem(503, "Not ready") : json({ competitors: [], limit: 1 })),
    });
    const { view } = await renderStep();
    await waitFor(() => getByText(view.container, "We could not load your competitors"));
    fail = false;
    await click(getButton(view.container, "Retry"));
    await waitFor(() => getByText(view.container, "0 of 1"));
  });
});
