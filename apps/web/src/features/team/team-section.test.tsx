import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  click,
  getByRoleName,
  getInputByLabel,
  json,
  mockApi,
  problem,
  type Rendered,
  renderScreen,
  type as typeInto,
  waitFor,
} from "../modules/test-utils";
import { TeamSection } from "./team-section";

const owner = {
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
  subscription: { type: "professional", status: "active", endDate: null },
  defaultIndustry: null,
  defaultCountry: null,
  isFirstTime: false,
  workspace: { id: "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f", name: "Lumora Coffee", role: "owner" },
  pendingInvitation: null,
  timeZone: "Europe/London",
};
const member = {
  ...owner,
  id: "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
  email: "ada@lumora.coffee",
  firstName: "Ada",
  lastName: "Lovelace",
  workspace: { ...owner.workspace, role: "member" },
};
const admin = {
  ...owner,
  id: "5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d",
  email: "grace@lumora.coffee",
  firstName: "Grace",
  lastName: "Hopper",
  workspace: { ...owner.workspace, role: "admin" },
};
const members = [
  {
    id: owner.id,
    email: owner.email,
    firstName: "Maya",
    lastName: "Okafor",
    role: "owner",
    joinedAt: "2026-01-05T10:00:00.000Z",
  },
  {
    id: member.id,
    email: member.email,
    firstName: "Ada",
    lastName: "Lovelace",
    role: "member",
    joinedAt: "2026-02-10T10:00:00.000Z",
  },
  {
    id: admin.id,
    email: admin.email,
    firstName: "Grace",
    lastName: "Hopper",
    role: "admin",
    joinedAt: "2026-02-12T10:00:00.000Z",
  },
];
const invitations = [
  {
    id: "2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a",
    email: "noor@lumora.coffee",
    status: "pending",
    expiresAt: "2026-03-08T10:00:00.000Z",
    createdAt: "2026-03-01T10:00:00.000Z",
  },
  {
    id: "3e4f5a6b-7c8d-4e9f-0a1b-2c3d4e5f6a7b",
    email: "old@lumora.coffee",
    status: "expired",
    expiresAt: "2026-02-08T10:00:00.000Z",
    createdAt: "2026-02-01T10:00:00.000Z",
  },
];

let rendered: Rendered | undefined;
beforeEach(() => localStorage.clear());
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

function routes(user: typeof owner, overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    "GET /user/me": () => json(user),
    "GET /workspace/members": () => json(members),
    "GET /workspace/invitations": () => json(invitations),
    ...overrides,
  });
}

const render = async () => {
  rendered = await renderScreen(() => <TeamSection />);
  const { container } = rendered;
  await waitFor(() => expect(container.querySelector("table")?.textContent).toContain("Ada Lovelace"));
  return container;
};

describe("TeamSection for the owner", () => {
  it("lists the members and the open invitations, with their actions", async () => {
    routes(owner);
    const container = await render();
    const rows = [...container.querySelectorAll("tbody tr")].map((row) => row.textContent);
    expect(rows[0]).toContain("Maya Okafor (you)");
    expect(rows[0]).toContain("Owner");
    expect(rows[1]).toContain("ada@lumora.coffee");
    expect(rows[1]).toContain("Member");
    expect(rows[2]).toContain("Admin");
    // The owner's own row has no action.
    expect(container.querySelector("tbody tr")?.querySelectorAll("button")).toHaveLength(0);
    getByRoleName(container, "button", "Remove Ada Lovelace");
    getByRoleName(container, "button", "Make Ada Lovelace an admin");
    getByRoleName(container, "button", "Make Grace Hopper a member");
    getByRoleName(container, "button", "Remove Grace Hopper");
    getByRoleName(container, "button", "Transfer the ownership to Grace Hopper");
    expect(container.querySelector("[data-slot=role-limits]")).toBeNull();

    await waitFor(() => getByRoleName(container, "button", "Resend the invitation to noor@lumora.coffee"));
    const list = container.querySelector("ul[aria-label=Invitations]");
    expect(list?.textContent).toContain("Pending");
    expect(list?.textContent).toContain("Expired");
    expect(container.textContent).toContain("room for 3 members besides the owner");
  });

  it("invites an address and refreshes the invitations", async () => {
    const api = routes(owner, {
      "POST /workspace/invitations": () =>
        json(
          { ...invitations[0], id: "4f5a6b7c-8d9e-4f0a-1b2c-3d4e5f6a7b8c", email: "zoe@lumora.coffee" },
          201,
        ),
    });
    const container = await render();
    await typeInto(getInputByLabel(container, "Email"), "zoe@lumora.coffee");
    await click(getByRoleName(container, "button", "Send invitation"));
    await waitFor(() => expect(api.calls("POST", "/workspace/invitations")).toHaveLength(1));
    expect(await api.calls("POST", "/workspace/invitations")[0]?.request.json()).toEqual({
      email: "zoe@lumora.coffee",
    });
    await waitFor(() => expect(api.calls("GET", "/workspace/invitations").length).toBeGreaterThan(1));
    await waitFor(() => expect(getInputByLabel(container, "Email").value).toBe(""));
  });

  it("checks the address before sending", async () => {
    const api = routes(owner);
    const container = await render();
    await typeInto(getInputByLabel(container, "Email"), "not-an-address");
    await click(getByRoleName(container, "button", "Send invitation"));
    await waitFor(() => expect(container.textContent).toContain("Fill in a valid email address"));
    expect(api.calls("POST", "/workspace/invitations")).toHaveLength(0);
  });

  it("shows the plan limit (402) and a conflict (409) as the server words them", async () => {
    let answer = problem(
      402,
      "PLAN_LIMIT",
      "Your Starter plan allows 1 member. Upgrade your plan to invite your team.",
    );
    routes(owner, { "POST /workspace/invitations": () => answer });
    const container = await render();
    await typeInto(getInputByLabel(container, "Email"), "zoe@lumora.coffee");
    await click(getByRoleName(container, "button", "Send invitation"));
    await waitFor(() =>
      expect(container.querySelector("[role=alert]")?.textContent).toBe(
        "Your Starter plan allows 1 member. Upgrade your plan to invite your team.",
      ),
    );
    expect(getInputByLabel(container, "Email").value).toBe("zoe@lumora.coffee");

    answer = problem(409, "ALREADY_INVITED", "zoe@lumora.coffee has already been invited.");
    await click(getByRoleName(container, "button", "Send invitation"));
    await waitFor(() =>
      expect(container.querySelector("[role=alert]")?.textContent).toBe(
        "zoe@lumora.coffee has already been invited.",
      ),
    );
  });

  it("resends and revokes an invitation", async () => {
    const api = routes(owner, {
      "POST /workspace/invitations/:id/resend": () => json(invitations[1]),
      "DELETE /workspace/invitations/:id": () => new Response(null, { status: 204 }),
    });
    const container = await render();
    const resend = await waitFor(() =>
      getByRoleName(container, "button", "Resend the invitation to old@lumora.coffee"),
    );
    await click(resend);
    await waitFor(() =>
      expect(api.calls("POST", `/workspace/invitations/${invitations[1]?.id}/resend`)).toHaveLength(1),
    );
    await click(getByRoleName(container, "button", "Revoke the invitation to noor@lumora.coffee"));
    await waitFor(() =>
      expect(api.calls("DELETE", `/workspace/invitations/${invitations[0]?.id}`)).toHaveLength(1),
    );
  });

  it("removes a member after a confirmation", async () => {
    const api = routes(owner, { "DELETE /workspace/members/:id": () => new Response(null, { status: 204 }) });
    const container = await render();
    await click(getByRoleName(container, "button", "Remove Ada Lovelace"));
    const dialog = await waitFor(() => {
      const element = document.body.querySelector<HTMLElement>("[role=dialog]");
      if (!element) throw new Error("no dialog");
      return element;
    });
    expect(dialog.textContent).toContain("Remove Ada Lovelace from the workspace?");
    expect(api.calls("DELETE", `/workspace/members/${member.id}`)).toHaveLength(0);
    await click(getByRoleName(dialog, "button", "Remove member"));
    await waitFor(() => expect(api.calls("DELETE", `/workspace/members/${member.id}`)).toHaveLength(1));
    await waitFor(() => expect(document.body.querySelector("[role=dialog]")).toBeNull());
  });
});

describe("TeamSection: roles", () => {
  it("the owner makes a member an admin", async () => {
    const api = routes(owner, {
      "PATCH /workspace/members/:id": () => json({ ...members[1], role: "admin" }),
    });
    const container = await render();
    await click(getByRoleName(container, "button", "Make Ada Lovelace an admin"));
    await waitFor(() => expect(api.calls("PATCH", `/workspace/members/${member.id}`)).toHaveLength(1));
    expect(await api.calls("PATCH", `/workspace/members/${member.id}`)[0]?.request.json()).toEqual({
      role: "admin",
    });
    await waitFor(() => expect(api.calls("GET", "/workspace/members").length).toBeGreaterThan(1));
  });

  it("transfers the ownership only after a confirmation that says what the owner keeps", async () => {
    const api = routes(owner, {
      "POST /workspace/ownership": () => json(members),
    });
    const container = await render();
    await click(getByRoleName(container, "button", "Transfer the ownership to Grace Hopper"));
    const dialog = await waitFor(() => {
      const element = document.body.querySelector<HTMLElement>("[role=dialog]");
      if (!element) throw new Error("no dialog");
      return element;
    });
    expect(dialog.textContent).toContain("Make Grace Hopper the owner of the workspace?");
    expect(dialog.textContent).toContain("You become an admin");
    expect(api.calls("POST", "/workspace/ownership")).toHaveLength(0);
    await click(getByRoleName(dialog, "button", "Transfer ownership"));
    await waitFor(() => expect(api.calls("POST", "/workspace/ownership")).toHaveLength(1));
    expect(await api.calls("POST", "/workspace/ownership")[0]?.request.json()).toEqual({
      memberId: admin.id,
    });
    await waitFor(() => expect(document.body.querySelector("[role=dialog]")).toBeNull());
    await waitFor(() => expect(api.calls("GET", "/user/me").length).toBeGreaterThan(1));
  });

  it("an admin manages members but not the owner or other admins, and is told why", async () => {
    const api = routes(admin);
    const container = await render();
    getByRoleName(container, "button", "Remove Ada Lovelace");
    getByRoleName(container, "button", "Make Ada Lovelace an admin");
    const rows = [...container.querySelectorAll("tbody tr")];
    // Neither the owner's row nor the admin's own has an action, and nobody's ownership can be handed on.
    expect(rows[0]?.querySelectorAll("button")).toHaveLength(0);
    expect(rows[2]?.querySelectorAll("button")).toHaveLength(0);
    expect(container.textContent).not.toContain("Make owner");
    expect(container.querySelector("[data-slot=role-limits]")?.textContent).toContain(
      "Only the owner changes an admin's role",
    );
    expect(container.querySelector("form[aria-label='Invite a member']")).not.toBeNull();
    await waitFor(() => expect(api.calls("GET", "/workspace/invitations")).toHaveLength(1));
  });
});

describe("TeamSection for a member", () => {
  it("shows the members read-only, and never asks for the invitations", async () => {
    const api = routes(member);
    const container = await render();
    await waitFor(() =>
      expect(container.querySelector("[data-slot=role-limits]")?.textContent).toContain(
        "Only the owner and admins invite, remove and change the roles of members",
      ),
    );
    expect(container.textContent).toContain("Admin");
    expect(container.querySelector("form")).toBeNull();
    expect(container.querySelectorAll("tbody button")).toHaveLength(0);
    expect(container.textContent).toContain("Ada Lovelace (you)");
    expect(api.calls("GET", "/workspace/invitations")).toHaveLength(0);
  });
});
