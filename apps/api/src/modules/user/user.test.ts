import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  caller,
  freshIp,
  type LoginResponse,
  registerUser,
  STRONG_PASSWORD,
  uniqueEmail,
} from "../../../test/api";
import { buildTestApp, type TestApp } from "../../../test/app";
import { type SmtpSink, startSmtpSink } from "../../../test/smtp-sink";
import { subscriptions, users, workspaces } from "../../db/schema";
import { MINUTE_MS } from "../../lib/clock";
import { insertUser } from "../accounts/user.repo";
import { createPasswordHasher } from "../auth/passwords";

let t: TestApp;
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ env: { SMTP_URL: sink.url } });
  return async () => {
    await t.close();
    await sink.close();
  };
});

/** Registers through the API with the code e-mailed to the SMTP sink. */
const signedUp = (firstName = "Maya") => registerUser(t, sink, { firstName });

describe("GET /api/user/me and PATCH /api/user", () => {
  it("shows and updates the signed-in user's profile", async () => {
    const { login, email } = await signedUp();
    const api = caller(t);
    const me = (await api.me(bearer(login))).json();
    expect(me).toMatchObject({
      email,
      firstName: "Maya",
      lastName: "Okafor",
      phone: null,
      company: null,
      country: null,
      industry: null,
      profilePicture: null,
      defaultIndustry: null,
      defaultCountry: null,
      isFirstTime: true,
      workspace: { role: "owner" },
    });

    const updated = await api.updateUser(bearer(login), {
      firstName: " Maya ",
      lastName: "Okafor-Lind",
      phone: "+44 20 7946 0018",
      company: "Lumora Coffee",
      businessType: "b2c",
      country: "GB",
      industry: "food-beverage",
      defaultIndustry: "food-beverage",
      defaultCountry: "GB",
      isFirstTime: false,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      firstName: "Maya",
      lastName: "Okafor-Lind",
      phone: "+44 20 7946 0018",
      company: "Lumora Coffee",
      businessType: "b2c",
      country: "GB",
      industry: "food-beverage",
      defaultIndustry: "food-beverage",
      defaultCountry: "GB",
      isFirstTime: false,
      // The owner's company names the workspace.
      workspace: { name: "Lumora Coffee", role: "owner" },
    });
    // Phone is optional: it can be cleared.
    expect((await api.updateUser(bearer(login), { phone: "" })).json().phone).toBeNull();
    expect((await api.me(bearer(login))).json().isFirstTime).toBe(false);
  });

  it("refuses blank names, unknown countries and industries with field details", async () => {
    const { login } = await signedUp();
    const api = caller(t);
    const blank = await api.updateUser(bearer(login), { firstName: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details).toEqual([{ path: "/firstName", message: "This is a required field" }]);
    const unknown = await api.updateUser(bearer(login), { country: "QQ", industry: "alchemy" });
    expect(unknown.json().details).toEqual([
      { path: "/country", message: "Choose a country from the list" },
      { path: "/industry", message: "Choose an industry from the list" },
    ]);
    expect((await api.updateUser(bearer(login), { nickname: "M" })).statusCode).toBe(400);
    expect((await api.updateUser(bearer(login), {})).statusCode).toBe(400);
  });

  it("scopes everything to the caller: user A never reads nor changes user B", async () => {
    const a = await signedUp("Ana");
    const b = await signedUp("Ben");
    const api = caller(t);
    expect((await api.me(bearer(a.login))).json().firstName).toBe("Ana");
    await api.updateUser(bearer(a.login), { lastName: "Changed" });
    expect((await api.me(bearer(b.login))).json().lastName).toBe("Okafor");
    // B's fresh-sign-in proof does not let A delete anything.
    const crossed = await api.deleteUser(bearer(a.login), b.login.accessToken);
    expect(crossed.statusCode).toBe(403);
    expect((await api.me(bearer(b.login))).statusCode).toBe(200);
    expect((await api.me(bearer(a.login))).statusCode).toBe(200);
    // A's change-password checks A's password, and changes A's only.
    const change = await api.changePassword(bearer(a.login), {
      currentPassword: STRONG_PASSWORD,
      password: "Fresh-Brew-2027",
      passwordConfirmation: "Fresh-Brew-2027",
    });
    expect(change.statusCode).toBe(200);
    expect((await api.logIn(b.email, STRONG_PASSWORD, { ip: freshIp() })).statusCode).toBe(200);
  });
});

describe("POST /api/user/change-password", () => {
  it("checks the current password and revokes every other session", async () => {
    const { email, login } = await signedUp();
    const api = caller(t, { ip: freshIp() });
    const other = (await api.logIn(email, STRONG_PASSWORD)).json();

    const wrong = await api.changePassword(bearer(login), {
      currentPassword: "Not-the-password-1",
      password: "Fresh-Brew-2027",
      passwordConfirmation: "Fresh-Brew-2027",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: "INVALID_CURRENT_PASSWORD",
      details: [{ path: "/currentPassword", message: "Your current password is not correct." }],
    });
    const weak = await api.changePassword(bearer(login), {
      currentPassword: STRONG_PASSWORD,
      password: "password",
      passwordConfirmation: "password",
    });
    expect(weak.statusCode).toBe(400);

    const changed = await api.changePassword(bearer(login), {
      currentPassword: STRONG_PASSWORD,
      password: "Fresh-Brew-2027",
      passwordConfirmation: "Fresh-Brew-2027",
    });
    expect(changed.statusCode).toBe(200);
    // This session goes on; the other one is over, bearer and refresh token alike.
    expect((await api.me(bearer(login))).statusCode).toBe(200);
    expect((await api.refresh(email, login.refreshToken)).statusCode).toBe(200);
    expect((await api.me(bearer(other))).statusCode).toBe(401);
    expect((await api.refresh(email, other.refreshToken)).statusCode).toBe(401);
    expect((await api.logIn(email, "Fresh-Brew-2027")).statusCode).toBe(200);
  });

  it("backs off after 5 wrong current passwords", async () => {
    const { login } = await signedUp();
    const api = caller(t);
    const attempt = () =>
      api.changePassword(bearer(login), {
        currentPassword: "Not-the-password-1",
        password: "Fresh-Brew-2027",
        passwordConfirmation: "Fresh-Brew-2027",
      });
    for (let i = 0; i < 5; i++) expect((await attempt()).statusCode).toBe(400);
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers["retry-after"]).toBe("1");
  });
});

describe("POST /api/user/deactivate", () => {
  it("revokes every session and the account can no longer sign in", async () => {
    const { email, login } = await signedUp();
    const api = caller(t, { ip: freshIp() });
    const other = (await api.logIn(email, STRONG_PASSWORD)).json();
    expect((await api.deactivate(bearer(login))).json().message).toBe("Your account has been deactivated.");
    expect((await api.me(bearer(login))).statusCode).toBe(401);
    expect((await api.me(bearer(other))).statusCode).toBe(401);
    expect((await api.refresh(email, other.refreshToken)).statusCode).toBe(401);
    expect((await api.logIn(email, STRONG_PASSWORD)).json().code).toBe("ACCOUNT_DEACTIVATED");
  });
});

describe("POST /api/user/delete", () => {
  /** A member of the owner's workspace (invitations come in a later issue: written straight to the database). */
  async function addMember(owner: LoginResponse, firstName: string) {
    const me = (await caller(t).me(bearer(owner))).json();
    const email = uniqueEmail(firstName.toLowerCase());
    const now = t.clock.now();
    await insertUser(t.database.db, {
      workspaceId: me.workspace.id,
      role: "member",
      email,
      passwordHash: await createPasswordHasher("fast-test-only").hash(STRONG_PASSWORD),
      status: "confirmed",
      firstName,
      lastName: "Member",
      createdAt: now,
      updatedAt: now,
    });
    const login = (await caller(t, { ip: freshIp() }).logIn(email, STRONG_PASSWORD)).json();
    return { email, login };
  }

  it("needs the accessToken of a sign-in of this user within 15 minutes", async () => {
    const { email, login } = await signedUp();
    const api = caller(t, { ip: freshIp() });
    expect((await api.deleteUser(bearer(login), login.idToken)).statusCode).toBe(403);
    expect((await api.deleteUser(bearer(login), "garbage")).json()).toMatchObject({
      code: "REAUTHENTICATION_REQUIRED",
      message: "For your security, please sign in again before deleting your account.",
    });
    t.clock.advance(16 * MINUTE_MS);
    // A refreshed bearer does not make an old sign-in fresh.
    const refreshed = (await api.refresh(email, login.refreshToken)).json();
    const stale = await api.deleteUser(`Bearer ${refreshed.idToken}`, login.accessToken);
    expect(stale.statusCode).toBe(403);

    const fresh = (await api.logIn(email, STRONG_PASSWORD)).json();
    const deleted = await api.deleteUser(bearer(fresh), fresh.accessToken);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe("Your account has been deleted.");
    expect((await api.me(bearer(fresh))).statusCode).toBe(401);
    expect((await api.logIn(email, STRONG_PASSWORD)).json().code).toBe("INVALID_CREDENTIALS");
  });

  it("an owner's deletion e-mails the members, then removes the workspace and everything in it", async () => {
    const owner = await signedUp("Olga");
    const api = caller(t);
    await api.updateUser(bearer(owner.login), { company: "Lumora Coffee" });
    const workspaceId = (await api.me(bearer(owner.login))).json().workspace.id;
    const ines = await addMember(owner.login, "Ines");
    const theo = await addMember(owner.login, "Theo");

    const deleted = await api.deleteUser(bearer(owner.login), owner.login.accessToken);
    expect(deleted.statusCode).toBe(200);

    for (const member of [ines, theo]) {
      const mail = await sink.waitFor((m) => m.to.includes(member.email));
      expect(mail.subject).toBe("The Brandscope workspace Lumora Coffee has been deleted");
      expect(mail.text).toContain("Olga Okafor deleted their Brandscope account");
      expect((await api.me(bearer(member.login))).statusCode).toBe(401);
    }
    expect(sink.messages.some((m) => m.to.includes(owner.email) && /deleted/.test(m.subject))).toBe(false);
    const db = t.database.db;
    expect(await db.select().from(workspaces).where(eq(workspaces.id, workspaceId))).toEqual([]);
    expect(await db.select().from(users).where(eq(users.workspaceId, workspaceId))).toEqual([]);
    expect(await db.select().from(subscriptions).where(eq(subscriptions.workspaceId, workspaceId))).toEqual(
      [],
    );
  });

  it("a member's deletion removes only the member", async () => {
    const owner = await signedUp("Omar");
    const member = await addMember(owner.login, "Mina");
    const api = caller(t);
    const sent = sink.messages.length;
    expect((await api.deleteUser(bearer(member.login), member.login.accessToken)).statusCode).toBe(200);
    expect((await api.me(bearer(member.login))).statusCode).toBe(401);
    expect((await api.me(bearer(owner.login))).json().workspace.role).toBe("owner");
    expect(sink.messages.length).toBe(sent);
  });
});
