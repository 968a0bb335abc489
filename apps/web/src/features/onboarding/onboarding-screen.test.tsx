import { useParams } from "@tanstack/react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { auth } from "~/lib/auth";
import { OnboardingScreen } from "./onboarding-screen";
import { isOnboardingStep } from "./steps";
import {
  alerts,
  choose,
  click,
  countries,
  getButton,
  getByLabel,
  getByText,
  industries,
  json,
  mockApi,
  ownBrand,
  type Rendered,
  render,
  type,
  waitFor,
} from "./test-utils";

let view: Rendered | undefined;
beforeEach(() => {
  localStorage.clear();
  auth.clear();
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
});

/** What routes/_app/questionnaire/$.tsx renders, under the test router. */
function Screen() {
  const { _splat: step = "" } = useParams({ strict: false });
  return isOnboardingStep(step) ? <OnboardingScreen step={step} /> : null;
}

const openStep = async (step: string) => {
  view = await render(Screen, { path: "/questionnaire/$", initialEntry: `/questionnaire/${step}` });
  return view;
};

const user = {
  id: "0b9d3f5e-2c1a-4b7e-9f10-3a6c8d2e4f01",
  email: "maya@lumora.coffee",
  status: "confirmed",
  firstName: "Maya",
  lastName: "Okafor",
  phone: null,
  company: "Lumora Coffee",
  businessType: "b2c",
  country: "GB",
  industry: "food-beverage",
  profilePicture: null,
  subscription: { type: "starter", status: "active", endDate: null },
  defaultIndustry: null,
  defaultCountry: null,
  isFirstTime: true,
  workspace: { id: "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f", name: "Lumora Coffee", role: "owner" },
} as const;

function signIn() {
  auth.signIn({
    accessToken: "entry",
    idToken: "id",
    refreshToken: "refresh",
    isFirstTime: true,
    status: "confirmed",
    email: user.email,
  });
  auth.set({ user: { ...user } });
}

const progressText = (container: Element) =>
  container.querySelector("nav[aria-label='Onboarding progress'] p")?.textContent?.replace(/\s+/g, " ");

describe("onboarding flow", () => {
  it("greets the user and walks through the welcome and the tour", async () => {
    signIn();
    mockApi({ "GET /brand": () => json({ brand: null }) });
    const view = await openStep("welcome");
    expect(getByText(view.container, "Welcome to Brandscope, Maya")).toBeTruthy();
    expect(progressText(view.container)).toBe("Step 1 of 8 · Welcome");
    // The step's title takes focus, for keyboard and screen-reader users.
    expect(document.activeElement?.textContent).toBe("Welcome to Brandscope, Maya");

    await click(getButton(view.container, "Get started"));
    await waitFor(() => expect(view.pathname()).toBe("/questionnaire/video"));
    await waitFor(() => getByText(view.container, "Five modules, one picture of your brand"));
    for (const name of ["Content", "Competitors", "Audience", "Influencers", "Intent"]) {
      expect(getByText(view.container, name)).toBeTruthy();
    }
    await click(getButton(view.container, "Continue"));
    await waitFor(() => expect(view.pathname()).toBe("/questionnaire/set_sample_or_connect"));
  });

  it("explores the sample with POST /brand {sample: true} and skips the own-brand steps", async () => {
    const api = mockApi({
      "GET /brand": () => json({ brand: null }),
      "POST /brand": () => json({ ...ownBrand, sample: true, status: "active" }, 201),
    });
    const view = await openStep("set_sample_or_connect");
    await waitFor(() => expect(progressText(view.container)).toBe("Step 3 of 8 · Choose your data"));
    await click(getButton(view.container, "Explore sample data"));
    await waitFor(() => expect(view.pathname()).toBe("/questionnaire/industry"));
    expect(api.calls("POST", "/brand")[0]?.body).toEqual({ sample: true });
    await waitFor(() => expect(progressText(view.container)).toBe("Step 4 of 6 · Industry"));
    await click(getButton(view.container, "Back"));
    await waitFor(() => expect(view.pathname()).toBe("/questionnaire/set_sample_or_connect"));
  });

  it("stays on the choice with the problem shown when the sample cannot be set up", async () => {
    mockApi({ "GET /brand": () => json({ brand: null }) }); // POST /brand answers 501
    const view = await openStep("set_sample_or_connect");
    await click(getButton(view.container, "Explore sample data"));
    await waitFor(() => expect(alerts(view.container)).toEqual(["An unexpected error occurred"]));
    expect(view.pathname()).toBe("/questionnaire/set_sample_or_connect");
    expect(getButton(view.container, "Explore sample data").hasAttribute("disabled")).toBe(false);
  });

  it("goes from the own brand to its competitors", async () => {
    mockApi({
      "GET /brand": () => json({ brand: null }),
      "GET /countries": () => json(countries),
      "GET /brand/competitor": () => json({ competitors: [], limit: 1 }),
    });
    const view = await openStep("set_sample_or_connect");
    await click(getButton(view.container, "Connect my brand"));
    await waitFor(() => expect(view.pathname()).toBe("/questionnaire/connect_own"));
    await waitFor(() => getByLabel(view.container, "Website URL"));
    await click(getButton(view.container, "Back"));
    await waitFor(() => expect(view.pathname()).toBe("/questionnaire/set_sample_or_connect"));
  });

  it("saves the industry as the user's industry and default, and as the own brand's industry", async () => {
    signIn();
    const api = mockApi({
      "GET /brand": () => json({ brand: ownBrand }),
      "GET /industries": () => json(industries),
      "PATCH /user": () => json({ ...user, defaultIndustry: "food-beverage" }),
      "PATCH /brand": () => json({ ...ownBrand, industry: "food-beverage" }),
    });
    const view = await openStep("industry");
    await waitFor(() => expect(getByLabel(view.container, "Industry").hasAttribute("disabled")).toBe(false));
    expect(progressText(view.container)).toBe("Step 6 of 8 · Industry");
    await click(getButton(view.container, "Continue"));
    await waitFor(() => expect(view.pathname()).toBe("/questionnaire/company"));
    expect(api.calls("PATCH", "/user")[0]?.body).toEqual({
      industry: "food-beverage",
      defaultIndustry: "food-beverage",
    });
    // The brand connected two steps earlier had no industry: its influencers and keywords follow this answer.
    expect(api.calls("PATCH", "/brand").map((call) => call.body)).toEqual([{ industry: "food-beverage" }]);
  });

  it("leaves the shared sample brand as it is when the industry is saved", async () => {
    signIn();
    const api = mockApi({
      "GET /brand": () => json({ brand: { ...ownBrand, sample: true, status: "active" } }),
      "GET /industries": () => json(industries),
      "PATCH /user": () => json({ ...user, defaultIndustry: "food-beverage" }),
    });
    const view = await openStep("industry");
    await waitFor(() => expect(getByLabel(view.container, "Industry").hasAttribute("disabled")).toBe(false));
    await click(getButton(view.container, "Continue"));
    await waitFor(() => expect(view.pathname()).toBe("/questionnaire/company"));
    expect(api.calls("PATCH", "/brand")).toEqual([]);
  });

  it("asks for the company and its business type", async () => {
    signIn();
    auth.set({ user: { ...user, company: null, businessType: null } });
    const api = mockApi({
      "GET /brand": () => json({ brand: ownBrand }),
      "PATCH /user": () => json({ ...user, company: "Lumora" }),
    });
    const view = await openStep("company");
    await click(getButton(view.container, "Continue"));
    await waitFor(() =>
      expect(alerts(view.container)).toEqual(["This is a required field", "This is a required field"]),
    );
    expect(api.calls("PATCH", "/user")).toHaveLength(0);
    await type(getByLabel(view.container, "Company name"), " Lumora ");
    expect(alerts(view.container)).toEqual(["This is a required field"]);
    await choose(getByLabel(view.container, "Business type"), "B2B");
    await waitFor(() => expect(alerts(view.container)).toEqual([]));
    await click(getButton(view.container, "Continue"));
    await waitFor(() => expect(view.pathname()).toBe("/questionnaire/country"));
    expect(api.calls("PATCH", "/user")[0]?.body).toEqual({ company: "Lumora", businessType: "b2b" });
  });

  it("finishes with the country: PATCH /user ends the welcome and the app opens /content", async () => {
    signIn();
    const api = mockApi({
      "GET /brand": () => json({ brand: ownBrand }),
      "GET /countries": () => json(countries),
      "PATCH /user": () => json({ ...user, isFirstTime: false, defaultCountry: "GB" }),
    });
    const view = await openStep("country");
    await waitFor(() => expect(getByLabel(view.container, "Country").hasAttribute("disabled")).toBe(false));
    expect(auth.get().is_first_time).toBe(true);
    await click(getButton(view.container, "Finish"));
    await waitFor(() => expect(view.pathname()).toBe("/content"));
    expect(api.calls("PATCH", "/user")[0]?.body).toEqual({
      country: "GB",
      defaultCountry: "GB",
      isFirstTime: false,
    });
    expect(auth.get().is_first_time).toBe(false);
    expect(auth.get().user?.isFirstTime).toBe(false);
  });

  it("keeps the user on the last step, first time still, when saving fails", async () => {
    signIn();
    mockApi({
      "GET /brand": () => json({ brand: ownBrand }),
      "GET /countries": () => json(countries),
      "PATCH /user": () =>
        json({ code: "VALIDATION_FAILED", message: "country: Choose a country from the list" }, 400),
    });
    const view = await openStep("country");
    await waitFor(() => expect(getByLabel(view.container, "Country").hasAttribute("disabled")).toBe(false));
    await click(getButton(view.container, "Finish"));
    await waitFor(() => expect(alerts(view.container)).toEqual(["country: Choose a country from the list"]));
    expect(view.pathname()).toBe("/questionnaire/country");
    expect(auth.get().is_first_time).toBe(true);
  });
});
