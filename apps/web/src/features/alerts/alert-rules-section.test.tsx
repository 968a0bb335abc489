import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  click,
  getByRoleName,
  json,
  mockApi,
  problem,
  type Rendered,
  renderScreen,
  waitFor,
} from "../modules/test-utils";
import { AlertRulesSection } from "./alert-rules-section";

const notify = vi.hoisted(() => ({ success: vi.fn(), warning: vi.fn(), error: vi.fn() }));
vi.mock("~/lib/notify", () => ({ notify }));

const rules = [
  { rule: "engagement", enabled: true, sensitivity: "medium" },
  { rule: "competitor_breakout", enabled: true, sensitivity: "high" },
  { rule: "followers", enabled: true, sensitivity: "medium" },
  { rule: "search_clicks", enabled: true, sensitivity: "medium" },
  { rule: "source_failing", enabled: false, sensitivity: "low" },
  { rule: "plan_limit", enabled: true, sensitivity: "medium" },
];
const settings = { rules, mutedRules: ["followers"], email: "off", canEditRules: true };

const labelOf = (control: Element) =>
  control.ownerDocument.querySelector(`label[for="${control.id}"]`)?.textContent?.trim() ?? "";
/** A switch or select by its label's whole text (the rule's name, then the visible label). */
function control(container: Element, role: "switch" | "combobox", name: string): HTMLElement {
  const found = [...container.querySelectorAll<HTMLElement>(`[role=${role}]`)].find(
    (c) => labelOf(c) === name,
  );
  if (!found) throw new Error(`No ${role} named ${name}`);
  return found;
}
const checked = (element: HTMLElement) => element.getAttribute("aria-checked") === "true";

let rendered: Rendered | undefined;
beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.clearAllMocks();
  rendered?.unmount();
  rendered = undefined;
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("AlertRulesSection", () => {
  it("shows an admin every rule with its switch and sensitivity, each labelled, and saves a rule turned off", async () => {
    const api = mockApi({
      "GET /alerts/settings": () => json(settings),
      "PUT /alerts/settings": () =>
        json({
          ...settings,
          rules: rules.map((r) => (r.rule === "engagement" ? { ...r, enabled: false } : r)),
        }),
    });
    rendered = await renderScreen(() => <AlertRulesSection />);
    const { container } = rendered;
    await waitFor(() => expect(container.textContent).toContain("Engagement spike or drop"), {
      timeout: 5000,
    });
    for (const name of [
      "Engagement spike or drop",
      "Competitor breakout post",
      "Follower jump or fall",
      "Search clicks rising",
      "Data source failing",
      "Plan limit near",
    ]) {
      expect(control(container, "switch", `${name}: On for the workspace`)).toBeTruthy();
      expect(control(container, "combobox", `${name}: Sensitivity`)).toBeTruthy();
      expect(control(container, "switch", `${name}: Mute for me`)).toBeTruthy();
    }
    // Every control of the list has a label.
    for (const c of container.querySelectorAll("[role=switch], [role=combobox]"))
      expect(labelOf(c)).not.toBe("");
    expect(checked(control(container, "switch", "Data source failing: On for the workspace"))).toBe(false);
    expect(control(container, "combobox", "Competitor breakout post: Sensitivity").textContent).toContain(
      "High",
    );
    expect(checked(control(container, "switch", "Follower jump or fall: Mute for me"))).toBe(true);

    const engagement = control(container, "switch", "Engagement spike or drop: On for the workspace");
    expect(checked(engagement)).toBe(true);
    await click(engagement);
    await waitFor(() => expect(api.calls("PUT", "/alerts/settings")).toHaveLength(1));
    expect(api.calls("PUT", "/alerts/settings")[0]?.body).toEqual({
      rules: [{ rule: "engagement", enabled: false, sensitivity: "medium" }],
    });
    await waitFor(() =>
      expect(checked(control(container, "switch", "Engagement spike or drop: On for the workspace"))).toBe(
        false,
      ),
    );
    expect(notify.success).toHaveBeenCalledWith("Engagement spike or drop is off for the workspace.", {
      id: "alert-rules-saved",
    });
    expect(api.calls("PUT", "/alerts/preferences")).toEqual([]);
  });

  it("shows a member the rules read-only and saves their mutes, refreshing the notifications", async () => {
    const api = mockApi({
      "GET /alerts/settings": () => json({ ...settings, canEditRules: false }),
      "PUT /alerts/preferences": () =>
        json({ ...settings, canEditRules: false, mutedRules: ["followers", "plan_limit"] }),
      "GET /alerts": () => json({ groups: [], unread: 0 }),
    });
    rendered = await renderScreen(() => <AlertRulesSection />);
    const { container } = rendered;
    await waitFor(() => expect(container.textContent).toContain("Plan limit near"), { timeout: 5000 });
    expect(container.textContent).toContain("admins choose which rules are on");
    expect(container.textContent).toContain("On for the workspace, medium sensitivity");
    expect(container.textContent).toContain("Off for the workspace");
    expect(container.querySelectorAll("[role=combobox]")).toHaveLength(0);
    expect(container.querySelectorAll("[role=switch]")).toHaveLength(6);

    await click(control(container, "switch", "Plan limit near: Mute for me"));
    await waitFor(() => expect(api.calls("PUT", "/alerts/preferences")).toHaveLength(1));
    expect(api.calls("PUT", "/alerts/preferences")[0]?.body).toEqual({
      mutedRules: ["followers", "plan_limit"],
    });
    await waitFor(() =>
      expect(checked(control(container, "switch", "Plan limit near: Mute for me"))).toBe(true),
    );
    expect(api.calls("PUT", "/alerts/settings")).toEqual([]);
  });

  it("puts a refused change back and says why", async () => {
    const api = mockApi({
      "GET /alerts/settings": () => json(settings),
      "PUT /alerts/settings": () =>
        problem(403, "ADMIN_ONLY", "Only the workspace's admins can change this."),
    });
    rendered = await renderScreen(() => <AlertRulesSection />);
    const { container } = rendered;
    await waitFor(() => expect(container.textContent).toContain("Plan limit near"), { timeout: 5000 });
    await click(control(container, "switch", "Plan limit near: On for the workspace"));
    await waitFor(() => expect(api.calls("PUT", "/alerts/settings")).toHaveLength(1));
    await waitFor(() =>
      expect(notify.warning).toHaveBeenCalledWith(expect.any(String), {
        id: "alert-rules-saved",
        title: "The rule was not changed",
      }),
    );
    expect(checked(control(container, "switch", "Plan limit near: On for the workspace"))).toBe(true);
  });

  it("shows the loading state, then an error with a retry that loads the rules", async () => {
    let fail = true;
    let answer: (() => void) | undefined;
    const api = mockApi({
      "GET /alerts/settings": async () => {
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return fail ? problem(500, "INTERNAL", "Something failed") : json(settings);
      },
    });
    rendered = await renderScreen(() => <AlertRulesSection />);
    const { container } = rendered;
    await waitFor(() =>
      expect(container.querySelector("[aria-label='Loading the alert rules']")).not.toBeNull(),
    );
    answer?.();
    await waitFor(() => expect(container.textContent).toContain("We could not load the alert rules"), {
      timeout: 5000,
    });
    fail = false;
    await click(getByRoleName(container, "button", /Try again|Retry/));
    await waitFor(() => expect(api.calls("GET", "/alerts/settings")).toHaveLength(2));
    answer?.();
    await waitFor(() => expect(container.textContent).toContain("Engagement spike or drop"), {
      timeout: 5000,
    });
  });

  it("says so when there is no rule", async () => {
    mockApi({ "GET /alerts/settings": () => json({ ...settings, rules: [] }) });
    rendered = await renderScreen(() => <AlertRulesSection />);
    const { container } = rendered;
    await waitFor(() => expect(container.textContent).toContain("No alert rules yet"), { timeout: 5000 });
    expect(container.querySelector("[role=switch]")).toBeNull();
  });
});
