import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bearer, freshIp, MemoryMailer, registerUser, uniqueEmail } from "../../../test/api";
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from "../../../test/app";
import { expectContractResponse } from "../../../test/contract-response";
import { type SeededUser, seedSignedInUser, seedTeam } from "../../../test/users";
import { jwtKey } from "../../config/keys";
import {
  brands,
  invitations,
  sessions,
  subscriptions,
  users,
  workspaceBrands,
  workspaces,
} from "../../db/schema";
import { DAY_MS, HOUR_MS } from "../../lib/clock";
import { signIdToken } from "../auth/id-token";
import { INVITATION_MAILS_PER_DAY } from "./workspace.service";

let t: TestApp;
const mailer = new MemoryMailer();
const APP_URL = "https://app.brandscope.test";

beforeAll(async () => {
  t = await buildTestApp({ deps: { mailer }, env: { APP_URL } });
  return () => t.close();
});

type Method = "GET" | "POST" | "DELETE" | "PATCH";

async function call(operationId: string, method: Method, url: string, authorization: string, body?: unknown) {
  const response = await t.app.inject({
    method,
    url: `/api${url}`,
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    headers: { authorization, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    remoteAddress: freshIp(),
  });
  expectContractResponse(operationId, response);
  return response;
}

const api = {
  members: (auth: string) => call("listMembers", "GET", "/workspace/members", auth),
  invitations: (auth: string) => call("listInvitations", "GET", "/workspace/invitations", auth),
  invite: (auth: string, email: string) =>
    call("inviteMember", "POST", "/workspace/invitations", auth, { email }),
  revoke: (auth: string, id: string) =>
    call("revokeInvitation", "DELETE", `/workspace/invitations/${id}`, auth),
  resend: (auth: string, id: string) =>
    call("resendInvitation", "POST", `/workspace/invitations/${id}/resend`, auth),
  accept: (auth: string, token: string) =>
    call("acceptInvitation", "POST", "/workspace/invitations/accept", auth, { token }),
  acceptPending: (auth: string, invitationId: string) =>
    call("acceptInvitation", "POST", "/workspace/invitations/accept", auth, { invitationId }),
  changeRole: (auth: string, id: string, role: "admin" | "member") =>
    call("changeMemberRole", "PATCH", `/workspace/members/${id}`, auth, { role }),
  transfer: (auth: string, memberId: string) =>
    call("transferOwnership", "POST", "/workspace/ownership", auth, { memberId }),
  deactivate: (auth: string) => call("deactivateUser", "POST", "/user/deactivate", auth),
  remove: (auth: string, id: string) => call("removeMember", "DELETE", `/workspace/members/${id}`, auth),
  me: (auth: string) => call("getMe", "GET", "/user/me", auth),
};

const seed = (email?: string) =>
  seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now(), email });

/** A bearer for the user's session as it is now (a move to another workspace ends the old bearer). */
async function bearerNow(user: Pick<SeededUser, "userId" | "sessionId">) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, user.userId));
  if (!row) throw new Error("no such user");
  const subject = { userId: user.userId, workspaceId: row.workspaceId, sessionId: user.sessionId };
  return `Bearer ${await signIdToken(subject, jwtKey(TEST_JWT_SECRET), t.clock.now())}`;
}

async function setPlan(workspaceId: string, plan: "starter" | "professional" | "enterprise") {
  await t.database.db
    .update(subscriptions)
    .set({ plan, status: "active", endDate: plan === "starter" ? undefined : null })
    .where(eq(subscriptions.workspaceId, workspaceId));
}

async function professionalOwner() {
  const owner = await seed();
  await setPlan(owner.workspaceId, "professional");
  return owner;
}

/** The token of the latest invitation e-mailed to this address, read from the link. */
/** The public preview of a link: no bearer. */
async function previewOf(token: string) {
  const response = await t.app.inject({
    method: "GET",
    url: `/api/workspace/invitations/preview?token=${encodeURIComponent(token)}`,
  });
  expectContractResponse("previewInvitation", response);
  return response;
}

function tokenFor(email: string): string {
  const mail = mailer.sent.filter((m) => m.to === email).at(-1);
  const token = mail && /\/invitation\?token=([\w-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`No invitation was sent to ${email}`);
  return decodeURIComponent(token);
}

describe("inviting and joining", () => {
  it("e-mails a single-use link naming who invites to which workspace; accepting joins as a member", async () => {
    const owner = await professionalOwner();
    await t.database.db
      .update(workspaces)
      .set({ name: "Lumora Coffee" })
      .where(eq(workspaces.id, owner.workspaceId));
    const email = uniqueEmail("ada");

    const invited = await api.invite(owner.authorization, email.toUpperCase());
    expect(invited.statusCode).toBe(201);
    const invitation = invited.json();
    expect(invitation).toMatchObject({ email, status: "pending" });
    expect(new Date(invitation.expiresAt).getTime() - t.clock.now().getTime()).toBe(7 * DAY_MS);

    const mail = mailer.sent.filter((m) => m.to === email).at(-1);
    expect(mail?.subject).toBe("Sam Seed invited you to Lumora Coffee on Brandscope");
    expect(mail?.text).toContain(`Sam Seed (${owner.email}) invited you to join the workspace Lumora Coffee`);
    expect(mail?.text).toMatch(new RegExp(`${APP_URL}/invitation\\?token=[\\w-]{43}`));
    expect(mail?.html).toContain(`${APP_URL}/invitation?token=`);
    const token = tokenFor(email);
    // Only the token's hash is stored.
    const [stored] = await t.database.db.select().from(invitations).where(eq(invitations.id, invitation.id));
    expect(stored?.tokenHash).not.toContain(token);

    const list = await api.invitations(owner.authorization);
    expect(list.json()).toEqual([invitation]);

    // The link's page names the workspace, who invites and the address, before anyone signs in.
    const preview = await previewOf(token);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({
      workspaceName: "Lumora Coffee",
      inviterName: "Sam Seed",
      email,
      status: "pending",
      expiresAt: invitation.expiresAt,
    });

    const invitee = await seed(email);
    const accepted = await api.accept(invitee.authorization, token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      email,
      workspace: { id: owner.workspaceId, name: "Lumora Coffee", role: "member" },
      subscription: { type: "professional", status: "active" },
    });

    // The bearer of the old workspace ends; a refreshed one reads the new workspace.
    expect((await api.members(invitee.authorization)).statusCode).toBe(401);
    const members = await api.members(await bearerNow(invitee));
    expect(members.statusCode).toBe(200);
    expect(members.json()).toEqual([
      expect.objectContaining({ id: owner.userId, role: "owner", email: owner.email }),
      expect.objectContaining({
        id: invitee.userId,
        role: "member",
        email,
        firstName: "Sam",
        lastName: "Seed",
      }),
    ]);
    expect(members.json()[1].joinedAt).toBe(t.clock.now().toISOString());
    expect((await api.invitations(owner.authorization)).json()).toEqual([]);

    expect((await previewOf(token)).json().status).toBe("used");

    // The invitee's own empty Starter workspace is gone.
    const left = await t.database.db.select().from(workspaces).where(eq(workspaces.id, invitee.workspaceId));
    expect(left).toEqual([]);
  });

  it("keeps the invitation a sign-up came from on the account, so joining survives the confirmation", async () => {
    const owner = await professionalOwner();
    await t.database.db
      .update(workspaces)
      .set({ name: "Kiln & Co" })
      .where(eq(workspaces.id, owner.workspaceId));
    const email = uniqueEmail("tabbed");
    await api.invite(owner.authorization, email);
    const { login } = await registerUser(t, mailer, { email, invitationToken: tokenFor(email) });
    const me = (await api.me(bearer(login))).json();
    expect(me.pendingInvitation).toMatchObject({ workspaceName: "Kiln & Co", email });

    // Another account cannot use the id, and neither can an account that did not sign up with it.
    const stranger = await seed();
    const refused = await api.acceptPending(stranger.authorization, me.pendingInvitation.id);
    expect(refused.statusCode).toBe(410);
    expect(refused.json()).toMatchObject({ code: "INVITATION_INVALID" });

    const joined = await api.acceptPending(bearer(login), me.pendingInvitation.id);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({
      workspace: { id: owner.workspaceId, role: "member" },
      pendingInvitation: null,
    });
  });

  it("ignores a sign-up's invitation token meant for another address", async () => {
    const owner = await professionalOwner();
    const invited = uniqueEmail("invited");
    await api.invite(owner.authorization, invited);
    const { login } = await registerUser(t, mailer, { invitationToken: tokenFor(invited) });
    expect((await api.me(bearer(login))).json().pendingInvitation).toBeNull();
  });

  it("lets someone without an account sign up with the invited address, then join", async () => {
    const owner = await professionalOwner();
    const email = uniqueEmail("newcomer");
    expect((await api.invite(owner.authorization, email)).statusCode).toBe(201);
    const token = tokenFor(email);
    const { login } = await registerUser(t, mailer, { email, firstName: "Noor" });
    expect(login.isFirstTime).toBe(true);
    const accepted = await api.accept(bearer(login), token);
    expect(accepted.statusCode).toBe(200);
    // The workspace is set up already: the member skips the welcome that would set up its brand.
    expect(accepted.json()).toMatchObject({
      firstName: "Noor",
      isFirstTime: false,
      workspace: { id: owner.workspaceId, role: "member" },
    });
  });

  it("refuses an account signed in with another address, saying which one was invited", async () => {
    const owner = await professionalOwner();
    const email = uniqueEmail("invited");
    await api.invite(owner.authorization, email);
    const stranger = await seed();
    const response = await api.accept(stranger.authorization, tokenFor(email));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "INVITATION_EMAIL_MISMATCH" });
    expect(response.json().message).toContain(`This invitation was sent to ${email}`);
    // The address compares case-insensitively.
    const invitee = await seed(email.toUpperCase());
    expect((await api.accept(invitee.authorization, tokenFor(email))).statusCode).toBe(200);
  });

  it("expires after 7 days with 410", async () => {
    const owner = await professionalOwner();
    const email = uniqueEmail("late");
    await api.invite(owner.authorization, email);
    const token = tokenFor(email);
    t.clock.advance(7 * DAY_MS + HOUR_MS);
    const invitee = await seed(email);
    const response = await api.accept(invitee.authorization, token);
    expect(response.statusCode).toBe(410);
    expect(response.json()).toMatchObject({ code: "INVITATION_EXPIRED" });
    expect(response.json().message).toContain("Ask Sam Seed to send it again");
    expect((await previewOf(token)).json().status).toBe("expired");
    // The owner sees it as expired, and can resend it.
    const ownerNow = await bearerNow(owner);
    const [listed] = (await api.invitations(ownerNow)).json();
    expect(listed).toMatchObject({ email, status: "expired" });
    const resent = await api.resend(ownerNow, listed.id);
    expect(resent.json()).toMatchObject({ status: "pending" });
    expect((await api.accept(invitee.authorization, tokenFor(email))).statusCode).toBe(200);
  });

  it("is single use: a second accept is 410, and two accepts at once join once", async () => {
    const owner = await professionalOwner();
    const email = uniqueEmail("twice");
    await api.invite(owner.authorization, email);
    const token = tokenFor(email);
    const invitee = await seed(email);
    // Each waits for the invitation's lock; the ones after the join find it used (or, when they arrive after
    // it, their bearer of the old workspace ended).
    const all = await Promise.all(Array.from({ length: 4 }, () => api.accept(invitee.authorization, token)));
    const codes = all.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => c === 410 || c === 401)).toBe(true);
    for (const r of all.filter((r) => r.statusCode === 410)) {
      expect(r.json()).toMatchObject({ code: "INVITATION_USED" });
    }

    const again = await api.accept(await bearerNow(invitee), token);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ code: "INVITATION_USED" });
    const members = (await api.members(owner.authorization)).json();
    expect(members.filter((m: { email: string }) => m.email === email)).toHaveLength(1);
  });

  it("two accepts queued on the lock at once: one joins, the other finds the invitation used", async () => {
    const owner = await professionalOwner();
    const email = uniqueEmail("queued");
    await api.invite(owner.authorization, email);
    const token = tokenFor(email);
    const invitee = await seed(email);
    // Hold the workspace's lock until both requests have passed authentication and wait for it.
    const holder = await t.database.pool.connect();
    try {
      await holder.query("begin");
      await holder.query("select id from workspaces where id = $1 for update", [owner.workspaceId]);
      const pending = Promise.all([
        api.accept(invitee.authorization, token),
        api.accept(invitee.authorization, token),
      ]);
      for (let waiting = 0, tries = 0; waiting < 2; tries++) {
        if (tries > 500) throw new Error("the two accepts never queued on the lock");
        await new Promise((resolve) => setTimeout(resolve, 20));
        // Asked outside the holder's transaction, whose view of the activity would stand still.
        const { rows } = await t.database.pool.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
        );
        waiting = rows[0]?.n ?? 0;
      }
      await holder.query("commit");
      const both = await pending;
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 410]);
      expect(both.find((r) => r.statusCode === 410)?.json()).toMatchObject({ code: "INVITATION_USED" });
    } finally {
      holder.release();
    }
    const members = (await api.members(owner.authorization)).json();
    expect(members.map((m: { email: string }) => m.email)).toEqual([owner.email, email]);
  });

  it("revoking kills the link", async () => {
    const owner = await professionalOwner();
    const email = uniqueEmail("revoked");
    const { id } = (await api.invite(owner.authorization, email)).json();
    expect((await api.revoke(owner.authorization, id)).statusCode).toBe(204);
    expect((await api.invitations(owner.authorization)).json()).toEqual([]);
    const invitee = await seed(email);
    const response = await api.accept(invitee.authorization, tokenFor(email));
    expect(response.statusCode).toBe(410);
    expect(response.json()).toMatchObject({ code: "INVITATION_REVOKED" });
    expect((await previewOf(tokenFor(email))).json().status).toBe("revoked");
    expect((await api.revoke(owner.authorization, id)).statusCode).toBe(404);
  });

  it("resending sends a new link and 7 new days; the old link stops working", async () => {
    const owner = await professionalOwner();
    const email = uniqueEmail("resent");
    const { id } = (await api.invite(owner.authorization, email)).json();
    const first = tokenFor(email);
    t.clock.advance(2 * DAY_MS);
    const ownerNow = await bearerNow(owner);
    const resent = await api.resend(ownerNow, id);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ id, email, status: "pending" });
    expect(new Date(resent.json().expiresAt).getTime()).toBe(t.clock.now().getTime() + 7 * DAY_MS);
    const second = tokenFor(email);
    expect(second).not.toBe(first);

    const invitee = await seed(email);
    const old = await api.accept(invitee.authorization, first);
    expect(old.statusCode).toBe(410);
    expect(old.json()).toMatchObject({ code: "INVITATION_INVALID" });
    expect((await previewOf(first)).statusCode).toBe(404);
    expect((await api.accept(invitee.authorization, second)).statusCode).toBe(200);
  });

  it("sends at most 50 invitation e-mails a day per workspace, new and resent together", async () => {
    const owner = await professionalOwner();
    const { id } = (await api.invite(owner.authorization, uniqueEmail("daily"))).json();
    const resent = [];
    for (let i = 1; i < INVITATION_MAILS_PER_DAY; i++)
      resent.push((await api.resend(owner.authorization, id)).statusCode);
    expect(resent).toEqual(Array(INVITATION_MAILS_PER_DAY - 1).fill(200));
    for (const over of [
      await api.resend(owner.authorization, id),
      await api.invite(owner.authorization, uniqueEmail("over")),
    ]) {
      expect(over.statusCode).toBe(429);
      expect(over.headers["retry-after"]).toBeDefined();
      expect(over.json().message).toMatch(
        /^This workspace has sent 50 invitations in the last 24 hours\. Try again in /,
      );
    }
    t.clock.advance(DAY_MS);
    expect((await api.resend(await bearerNow(owner), id)).statusCode).toBe(200);
  });

  it("refuses a second open invitation to the same address and an address that is already a member", async () => {
    const owner = await professionalOwner();
    const email = uniqueEmail("dup");
    await api.invite(owner.authorization, email);
    const again = await api.invite(owner.authorization, email.toUpperCase());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "ALREADY_INVITED" });
    const self = await api.invite(owner.authorization, owner.email);
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ code: "ALREADY_MEMBER" });
  });
});

describe("who may manage the team", () => {
  it("gives a member the member list but 403 ADMIN_ONLY on invitations, revoking, removing and roles", async () => {
    const owner = await professionalOwner();
    const email = uniqueEmail("member");
    const pending = (await api.invite(owner.authorization, uniqueEmail("other"))).json();
    await api.invite(owner.authorization, email);
    const member = await seed(email);
    await api.accept(member.authorization, tokenFor(email));
    const auth = await bearerNow(member);

    expect((await api.members(auth)).statusCode).toBe(200);
    for (const response of [
      await api.invitations(auth),
      await api.invite(auth, uniqueEmail()),
      await api.revoke(auth, pending.id),
      await api.resend(auth, pending.id),
      await api.remove(auth, owner.userId),
      await api.changeRole(auth, member.userId, "admin"),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: "ADMIN_ONLY" });
    }
    expect((await api.transfer(auth, member.userId)).json()).toMatchObject({ code: "OWNER_ONLY" });
    expect((await api.invitations(owner.authorization)).json()).toHaveLength(1);
  });

  it("keeps every call inside the caller's workspace: another workspace's ids are 404", async () => {
    const owner = await professionalOwner();
    const other = await professionalOwner();
    const { id } = (await api.invite(other.authorization, uniqueEmail())).json();
    expect((await api.revoke(owner.authorization, id)).statusCode).toBe(404);
    expect((await api.resend(owner.authorization, id)).statusCode).toBe(404);
    expect((await api.remove(owner.authorization, other.userId)).statusCode).toBe(404);
    expect((await api.invitations(owner.authorization)).json()).toEqual([]);
    expect((await api.members(owner.authorization)).json()).toHaveLength(1);
    expect((await api.invitations(other.authorization)).json()).toHaveLength(1);
  });
});

describe("member limits per plan", () => {
  it("Starter allows the owner only", async () => {
    const owner = await seed();
    const response = await api.invite(owner.authorization, uniqueEmail());
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({
      code: "PLAN_LIMIT",
      message: "Your Starter plan allows 1 member. Upgrade your plan to invite your team.",
    });
  });

  it("Professional allows 3 members besides the owner, open invitations included", async () => {
    const owner = await professionalOwner();
    const [a, b, c] = [uniqueEmail("a"), uniqueEmail("b"), uniqueEmail("c")];
    for (const email of [a, b, c])
      expect((await api.invite(owner.authorization, email)).statusCode).toBe(201);
    const full = await api.invite(owner.authorization, uniqueEmail("d"));
    expect(full.statusCode).toBe(402);
    expect(full.json().message).toContain("Your Professional plan allows 4 members, including you");

    // One joins: still full. A revoked invitation frees its seat.
    const joined = await seed(a);
    await api.accept(joined.authorization, tokenFor(a));
    expect((await api.invite(owner.authorization, uniqueEmail("e"))).statusCode).toBe(402);
    const pending = (await api.invitations(owner.authorization)).json();
    await api.revoke(owner.authorization, pending[0].id);
    expect((await api.invite(owner.authorization, uniqueEmail("f"))).statusCode).toBe(201);
    expect((await api.invite(owner.authorization, uniqueEmail("g"))).statusCode).toBe(402);
  });

  it("Enterprise is unlimited", async () => {
    const owner = await seed();
    await setPlan(owner.workspaceId, "enterprise");
    for (let i = 0; i < 6; i++)
      expect((await api.invite(owner.authorization, uniqueEmail())).statusCode).toBe(201);
  });

  it("an invitation accepted after a downgrade is blocked, and nothing is deleted", async () => {
    const owner = await professionalOwner();
    const email = uniqueEmail("after-downgrade");
    await api.invite(owner.authorization, email);
    await setPlan(owner.workspaceId, "starter");
    const invitee = await seed(email);
    const response = await api.accept(invitee.authorization, tokenFor(email));
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ code: "PLAN_LIMIT" });
    expect((await api.me(invitee.authorization)).json()).toMatchObject({ workspace: { role: "owner" } });
  });

  it("the limit holds when invitations race", async () => {
    const owner = await professionalOwner();
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => api.invite(owner.authorization, uniqueEmail("race"))),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(responses.filter((r) => r.statusCode === 402)).toHaveLength(3);
  });
});

describe("an owner joining another workspace", () => {
  async function ownerWithBrand(email: string) {
    const invitee = await seed(email);
    const [brand] = await t.database.db
      .insert(brands)
      .values({
        workspaceId: invitee.workspaceId,
        name: "Old brand",
        website: "https://old.example",
        status: "active",
      })
      .returning({ id: brands.id });
    if (!brand) throw new Error("no brand");
    await t.database.db
      .insert(workspaceBrands)
      .values({ workspaceId: invitee.workspaceId, brandId: brand.id });
    return { invitee, brandId: brand.id };
  }

  it("leaves their own workspace and its brand behind, deleted", async () => {
    const owner = await professionalOwner();
    const email = uniqueEmail("brand-owner");
    await api.invite(owner.authorization, email);
    const { invitee, brandId } = await ownerWithBrand(email);
    expect((await api.accept(invitee.authorization, tokenFor(email))).statusCode).toBe(200);
    expect(await t.database.db.select().from(brands).where(eq(brands.id, brandId))).toEqual([]);
  });

  it("is refused with 409 while their workspace has other members or a paid plan", async () => {
    const owner = await professionalOwner();
    const email = uniqueEmail("busy-owner");
    await api.invite(owner.authorization, email);
    const { invitee, brandId } = await ownerWithBrand(email);
    await setPlan(invitee.workspaceId, "professional");

    const paid = await api.accept(invitee.authorization, tokenFor(email));
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toMatchObject({ code: "OWNER_HAS_SUBSCRIPTION" });
    expect(paid.json().message).toContain("Professional subscription. Cancel it before joining");

    const teammate = uniqueEmail("teammate");
    await api.invite(invitee.authorization, teammate);
    const mate = await seed(teammate);
    await api.accept(mate.authorization, tokenFor(teammate));
    await t.database.db
      .update(subscriptions)
      .set({ status: "cancelled" })
      .where(eq(subscriptions.workspaceId, invitee.workspaceId));
    const withMembers = await api.accept(invitee.authorization, tokenFor(email));
    expect(withMembers.statusCode).toBe(409);
    expect(withMembers.json()).toMatchObject({ code: "OWNER_HAS_MEMBERS" });
    // Nothing changed: the brand is there, the invitation still open.
    expect(await t.database.db.select().from(brands).where(eq(brands.id, brandId))).toHaveLength(1);
    expect((await api.invitations(owner.authorization)).json()).toHaveLength(1);
  });
});

describe("removing a member", () => {
  it("moves them to a new workspace of their own on a Starter trial and ends their sessions", async () => {
    const owner = await professionalOwner();
    const email = uniqueEmail("removed");
    await api.invite(owner.authorization, email);
    const member = await seed(email);
    await api.accept(member.authorization, tokenFor(email));
    const memberAuth = await bearerNow(member);

    const removingSelf = await api.remove(owner.authorization, owner.userId);
    expect(removingSelf.statusCode).toBe(409);
    expect(removingSelf.json()).toMatchObject({
      code: "OWNER_MUST_TRANSFER",
      message:
        "You own this workspace, so you cannot leave it. Transfer the ownership to another member first.",
    });
    expect((await api.remove(owner.authorization, member.userId)).statusCode).toBe(204);
    expect((await api.members(memberAuth)).statusCode).toBe(401);
    expect((await api.members(owner.authorization)).json()).toHaveLength(1);
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.id, member.sessionId));
    expect(session?.revokedReason).toBe("removed-from-workspace");

    const [row] = await t.database.db.select().from(users).where(eq(users.id, member.userId));
    expect(row?.role).toBe("owner");
    expect(row?.workspaceId).not.toBe(owner.workspaceId);
    const [trial] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.workspaceId, row?.workspaceId ?? ""));
    expect(trial).toMatchObject({ plan: "starter", status: "active" });
    expect(trial?.endDate?.getTime()).toBe(t.clock.now().getTime() + 14 * DAY_MS);
    expect(mailer.sent.at(-1)).toMatchObject({
      to: email,
      subject: expect.stringContaining("no longer a member"),
    });
    expect((await api.remove(owner.authorization, member.userId)).statusCode).toBe(404);
    const [{ count } = { count: 0 }] = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(workspaces)
      .where(eq(workspaces.id, row?.workspaceId ?? ""));
    expect(count).toBe(1);
  });
});

describe("roles: owner, admin and member", () => {
  const team = async () => {
    const seeded = await seedTeam(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
    await setPlan(seeded.owner.workspaceId, "enterprise");
    const other = await seedTeam(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
    // A second member of each kind, to act on.
    await t.database.db
      .update(users)
      .set({ workspaceId: seeded.owner.workspaceId })
      .where(eq(users.id, other.member.userId));
    await t.database.db
      .update(users)
      .set({ workspaceId: seeded.owner.workspaceId })
      .where(eq(users.id, other.admin.userId));
    return { ...seeded, member2: other.member, admin2: other.admin };
  };
  const roleOf = async (userId: string) =>
    (await t.database.db.select().from(users).where(eq(users.id, userId)))[0]?.role;

  it("an admin invites and removes members and makes a member an admin, but never acts on an admin or the owner", async () => {
    const { owner, admin, member, member2, admin2 } = await team();
    const invited = await api.invite(admin.authorization, uniqueEmail("by-admin"));
    expect(invited.statusCode).toBe(201);
    expect((await api.revoke(admin.authorization, invited.json().id)).statusCode).toBe(204);

    const promoted = await api.changeRole(admin.authorization, member2.userId, "admin");
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ id: member2.userId, role: "admin" });
    for (const [response, message] of [
      [await api.changeRole(admin.authorization, admin2.userId, "member"), /only the owner/i],
      [await api.changeRole(admin.authorization, admin.userId, "member"), /your own role/],
      [await api.changeRole(admin.authorization, owner.userId, "member"), /transfer the ownership/],
      [
        await api.remove(admin.authorization, admin2.userId),
        /only the owner of the workspace can remove an admin/,
      ],
      [await api.remove(admin.authorization, admin.userId), /cannot remove yourself/],
    ] as const) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toMatchObject({
        code: "ROLE_NOT_ALLOWED",
        message: expect.stringMatching(message),
      });
    }
    const owners = await api.remove(admin.authorization, owner.userId);
    expect(owners.statusCode).toBe(409);
    expect(owners.json()).toMatchObject({ code: "OWNER_MUST_TRANSFER" });

    expect((await api.remove(admin.authorization, member.userId)).statusCode).toBe(204);
    expect(await roleOf(admin2.userId)).toBe("admin");
  });

  it("the owner makes members admins and admins members, but not themself", async () => {
    const { owner, admin, member } = await team();
    expect((await api.changeRole(owner.authorization, admin.userId, "member")).json().role).toBe("member");
    expect((await api.changeRole(owner.authorization, member.userId, "admin")).json().role).toBe("admin");
    const own = await api.changeRole(owner.authorization, owner.userId, "admin");
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: "ROLE_NOT_ALLOWED" });
    expect((await api.remove(owner.authorization, member.userId)).statusCode).toBe(204);
    // A demoted admin's bearer keeps working, with the member's rights from the next call on.
    expect((await api.invite(admin.authorization, uniqueEmail())).json()).toMatchObject({
      code: "ADMIN_ONLY",
    });
  });

  it("transfers ownership: the member named owns the workspace and billing, the owner becomes an admin", async () => {
    const { owner, member, admin } = await team();
    expect((await api.transfer(owner.authorization, owner.userId)).statusCode).toBe(409);
    expect((await api.transfer(owner.authorization, randomUUID())).statusCode).toBe(404);

    const transferred = await api.transfer(owner.authorization, member.userId);
    expect(transferred.statusCode).toBe(200);
    expect(transferred.json()[0]).toMatchObject({ id: member.userId, role: "owner" });
    expect(await roleOf(owner.userId)).toBe("admin");
    expect((await api.me(member.authorization)).json().workspace.role).toBe("owner");
    // Ownership moves once: the old owner cannot hand it on again.
    const again = await api.transfer(owner.authorization, admin.userId);
    expect(again.json(), again.body).toMatchObject({ code: "OWNER_ONLY" });
    expect((await api.remove(member.authorization, owner.userId)).statusCode).toBe(204);
  });

  it("the owner cannot deactivate while others are members: 409 until the ownership is transferred", async () => {
    const { owner, admin } = await team();
    const refused = await api.deactivate(owner.authorization);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "OWNER_MUST_TRANSFER",
      message: expect.stringContaining("Transfer the ownership"),
    });
    expect((await api.members(owner.authorization)).statusCode).toBe(200);
    expect((await api.transfer(owner.authorization, admin.userId)).statusCode).toBe(200);
    expect((await api.deactivate(owner.authorization)).statusCode).toBe(200);
  });
});
