import type { components } from "@brandscope/api-client/schema";
import type { Tx } from "../../db/client";
import { signedIn } from "../../kernel/caller";
import { AppError, requiredText } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { addMs } from "../../lib/clock";
import { randomToken, sha256 } from "../../lib/crypto";
import {
  checkedTimeZone,
  createAccount,
  findUserByEmail,
  isDuplicateEmail,
  linkPendingInvitation,
  type UserRow,
  updateUserPassword,
  updateUserStatus,
} from "../accounts";
import { type QueuedMail, queueMail, sendQueuedMail } from "../mail";
import { logAuthEvent } from "./auth-log";
import { type CODE_TTL_MS, type CodeCheck, checkCode, issueCode, RESET_TOKEN_TTL_MS } from "./codes";
import { consumeCodeByHash, deleteCodes, replaceCode } from "./codes.repo";
import { confirmationEmail, resetCodeEmail } from "./emails";
import { coolDown, emailKey, type GuardedAction, guardAttempt, meterRequest, recordSuccess } from "./limits";
import { assertNewPassword } from "./passwords";
import { refreshSession, startSession } from "./sessions";
import { revokeSession, revokeUserSessions } from "./sessions.repo";
import { assertOwnSignInAllowed } from "./sso-policy";

type Schemas = components["schemas"];
type Message = Schemas["Message"];

/** Issues a code and keeps its e-mail in the outbox, both in the caller's transaction. */
async function issueCodeMail(
  tx: Tx,
  ctx: RequestCtx,
  user: UserRow,
  purpose: keyof typeof CODE_TTL_MS,
): Promise<QueuedMail> {
  const code = await issueCode(tx, { key: ctx.keys.hmac, userId: user.id, purpose, now: ctx.clock.now() });
  const mail = { to: user.email, firstName: user.firstName, code, appUrl: ctx.config.appUrl };
  return queueMail(tx, ctx, purpose === "confirm-signup" ? confirmationEmail(mail) : resetCodeEmail(mail));
}

/** A new code for an existing account, e-mailed. */
async function sendNewCode(ctx: RequestCtx, user: UserRow, purpose: keyof typeof CODE_TTL_MS) {
  sendQueuedMail(ctx, await ctx.db.transaction((tx) => issueCodeMail(tx, ctx, user, purpose)));
}

export async function signUp(
  ctx: RequestCtx,
  body: Schemas["SignUpRequest"],
): Promise<Schemas["AccountStatus"]> {
  const firstName = requiredText(body.firstName, "/firstName");
  const lastName = requiredText(body.lastName, "/lastName");
  const email = body.email.trim();
  const timeZone = checkedTimeZone(body.timeZone);
  assertNewPassword(body.password, body.passwordConfirmation);
  // Counted once the input is valid: a form corrected a few times costs no one their sign-up.
  await meterRequest(ctx, "signup");
  const taken = () => {
    logAuthEvent(ctx, "signup", { outcome: "failure", email, reason: "email-taken" });
    return new AppError(
      "EMAIL_TAKEN",
      409,
      "An account with this e-mail address already exists. Sign in instead.",
    );
  };
  if (await findUserByEmail(ctx.db, { email })) throw taken();

  const passwordHash = await ctx.passwords.hash(body.password);
  const now = ctx.clock.now();
  const created = await ctx.db
    .transaction(async (tx) => {
      const user = await createAccount(tx, {
        email,
        firstName,
        lastName,
        passwordHash,
        status: "unconfirmed",
        now,
        timeZone,
      });
      if (body.invitationToken) {
        const tokenHash = sha256(body.invitationToken.trim());
        await linkPendingInvitation(tx, { userId: user.id, email, tokenHash, now });
      }
      return { user, mail: await issueCodeMail(tx, ctx, user, "confirm-signup") };
    })
    .catch((error: unknown) => {
      throw isDuplicateEmail(error) ? taken() : error;
    });
  // The code just sent starts the resend cool-down.
  await coolDown(ctx, "confirm-signup", email).catch(() => undefined);
  sendQueuedMail(ctx, created.mail);
  logAuthEvent(ctx, "signup", { outcome: "success", userId: created.user.id });
  return { email: created.user.email, status: created.user.status };
}

function codeError(check: CodeCheck): AppError {
  switch (check.result) {
    case "expired":
      return new AppError("CODE_EXPIRED", 400, "This code has expired. Ask for a new code.");
    case "exhausted":
      return new AppError(
        "CODE_ATTEMPTS_EXCEEDED",
        400,
        "Too many wrong attempts with this code. Ask for a new code.",
      );
    case "wrong":
      return check.attemptsLeft === 0
        ? new AppError(
            "CODE_ATTEMPTS_EXCEEDED",
            400,
            "That code is not right, and it cannot be used any more. Ask for a new code.",
          )
        : new AppError(
            "CODE_INVALID",
            400,
            `That code is not right. Check the e-mail we sent you (${check.attemptsLeft} attempt${check.attemptsLeft === 1 ? "" : "s"} left).`,
          );
    default:
      return new AppError(
        "CODE_INVALID",
        400,
        "That code is not right. Check the e-mail we sent you or ask for a new code.",
      );
  }
}

/**
 * The e-mailed code for this address and purpose, checked under the limits: the account backs off after 5
 * failures, the address after many. An unknown e-mail fails like a wrong code.
 */
async function verifyEmailedCode(
  ctx: RequestCtx,
  p: { email: string; code: string; purpose: keyof typeof CODE_TTL_MS; action: GuardedAction; event: string },
): Promise<UserRow> {
  const account = emailKey(ctx, p.email);
  await guardAttempt(ctx, p.action, account);
  const user = await findUserByEmail(ctx.db, { email: p.email });
  if (user && p.purpose === "confirm-signup" && user.status === "confirmed") {
    await recordSuccess(ctx, p.action, account);
    throw new AppError(
      "ACCOUNT_ALREADY_CONFIRMED",
      400,
      "This account is already confirmed. Sign in to continue.",
    );
  }
  const check: CodeCheck = user
    ? await checkCode(ctx.db, {
        key: ctx.keys.hmac,
        userId: user.id,
        purpose: p.purpose,
        code: p.code,
        now: ctx.clock.now(),
      })
    : { result: "missing" };
  if (!user || check.result !== "valid") {
    logAuthEvent(ctx, p.event, {
      outcome: "failure",
      reason: user ? `code-${check.result}` : "unknown-email",
      ...(user ? { userId: user.id } : { email: p.email }),
    });
    throw codeError(check);
  }
  await recordSuccess(ctx, p.action, account);
  return user;
}

export async function confirmSignUp(
  ctx: RequestCtx,
  body: Schemas["CodeRequest"],
): Promise<Schemas["AccountStatus"]> {
  const user = await verifyEmailedCode(ctx, {
    ...body,
    purpose: "confirm-signup",
    action: "confirm",
    event: "confirm",
  });
  await updateUserStatus(ctx.db, {
    userId: user.id,
    workspaceId: user.workspaceId,
    from: "unconfirmed",
    to: "confirmed",
    now: ctx.clock.now(),
  });
  logAuthEvent(ctx, "confirm", { outcome: "success", userId: user.id });
  return { email: user.email, status: "confirmed" };
}

export async function resendConfirmation(ctx: RequestCtx, body: Schemas["EmailRequest"]): Promise<Message> {
  await meterRequest(ctx, "mail");
  await coolDown(ctx, "confirm-signup", body.email);
  const user = await findUserByEmail(ctx.db, { email: body.email });
  if (user?.status === "unconfirmed") {
    await sendNewCode(ctx, user, "confirm-signup");
  }
  logAuthEvent(ctx, "resend-confirmation", {
    outcome: user?.status === "unconfirmed" ? "success" : "failure",
    ...(user
      ? { userId: user.id, reason: user.status === "unconfirmed" ? undefined : `account-${user.status}` }
      : { email: body.email, reason: "unknown-email" }),
  });
  return { message: "If this e-mail belongs to an account waiting for confirmation, we sent it a new code." };
}

export async function logIn(
  ctx: RequestCtx,
  body: Schemas["LoginRequest"],
): Promise<Schemas["LoginResponse"]> {
  const account = emailKey(ctx, body.email);
  await guardAttempt(ctx, "login", account);
  const user = await findUserByEmail(ctx.db, { email: body.email });
  await assertOwnSignInAllowed(ctx, { email: body.email, user, event: "login" });
  // An unknown e-mail, or an account without a password, still costs one full argon2 verification.
  const valid = await ctx.passwords.verify(user?.passwordHash, body.password);
  if (!user || !valid) {
    logAuthEvent(ctx, "login", {
      outcome: "failure",
      reason: user ? "wrong-password" : "unknown-email",
      ...(user ? { userId: user.id } : { email: body.email }),
    });
    throw new AppError("INVALID_CREDENTIALS", 401, "Incorrect e-mail or password.");
  }
  await recordSuccess(ctx, "login", account);
  if (user.status !== "confirmed") {
    logAuthEvent(ctx, "login", { outcome: "failure", userId: user.id, reason: `account-${user.status}` });
    throw user.status === "unconfirmed"
      ? new AppError(
          "ACCOUNT_NOT_CONFIRMED",
          403,
          "Please confirm your e-mail address first: enter the 6-digit code we sent you.",
        )
      : new AppError(
          "ACCOUNT_DEACTIVATED",
          403,
          "This account has been deactivated. Contact support to reactivate it.",
        );
  }
  const tokens = await startSession(ctx, user);
  logAuthEvent(ctx, "login", { outcome: "success", userId: user.id });
  return { ...tokens, isFirstTime: user.isFirstTime, status: user.status, email: user.email };
}

export const refreshToken = (ctx: RequestCtx, body: Schemas["RefreshTokenRequest"]) =>
  refreshSession(ctx, body);

export async function logOut(ctx: RequestCtx): Promise<Message> {
  const { userId, sessionId } = signedIn(ctx);
  await revokeSession(ctx.db, { sessionId, userId, reason: "logout", now: ctx.clock.now() });
  logAuthEvent(ctx, "logout", { outcome: "success", userId });
  return { message: "You are signed out." };
}

export async function forgotPassword(ctx: RequestCtx, body: Schemas["EmailRequest"]): Promise<Message> {
  await meterRequest(ctx, "mail");
  await coolDown(ctx, "reset-password", body.email);
  const user = await findUserByEmail(ctx.db, { email: body.email });
  await assertOwnSignInAllowed(ctx, { email: body.email, user, event: "forgot-password" });
  const eligible = user !== undefined && user.status !== "deactivated";
  if (eligible) {
    await sendNewCode(ctx, user, "reset-password");
  }
  logAuthEvent(ctx, "forgot-password", {
    outcome: eligible ? "success" : "failure",
    ...(user ? { userId: user.id } : { email: body.email }),
    ...(eligible ? {} : { reason: user ? "account-deactivated" : "unknown-email" }),
  });
  // The same answer whether or not the address has an account.
  return { message: "If this e-mail belongs to an account, we sent it a code to reset the password." };
}

export async function confirmForgotPassword(
  ctx: RequestCtx,
  body: Schemas["CodeRequest"],
): Promise<Schemas["ResetTokenResponse"]> {
  const user = await verifyEmailedCode(ctx, {
    ...body,
    purpose: "reset-password",
    action: "reset",
    event: "forgot-password-confirm",
  });
  const resetToken = randomToken();
  const now = ctx.clock.now();
  await replaceCode(ctx.db, {
    userId: user.id,
    purpose: "reset-token",
    codeHash: sha256(resetToken),
    now,
    expiresAt: addMs(now, RESET_TOKEN_TTL_MS),
  });
  logAuthEvent(ctx, "forgot-password-confirm", { outcome: "success", userId: user.id });
  return { resetToken };
}

export async function resetPassword(
  ctx: RequestCtx,
  body: Schemas["ResetPasswordRequest"],
): Promise<Message> {
  const account = emailKey(ctx, body.email);
  assertNewPassword(body.password, body.passwordConfirmation);
  await guardAttempt(ctx, "reset", account);
  const user = await findUserByEmail(ctx.db, { email: body.email });
  await assertOwnSignInAllowed(ctx, { email: body.email, user, event: "reset-password" });
  const passwordHash = await ctx.passwords.hash(body.password);
  const now = ctx.clock.now();
  const changed =
    user !== undefined &&
    user.status !== "deactivated" &&
    (await ctx.db.transaction(async (tx) => {
      const owner = await consumeCodeByHash(tx, {
        userId: user.id,
        purpose: "reset-token",
        codeHash: sha256(body.resetToken),
        now,
      });
      if (!owner) return false;
      await updateUserPassword(tx, {
        userId: user.id,
        workspaceId: user.workspaceId,
        passwordHash,
        now,
        confirm: true,
      });
      await deleteCodes(tx, { userId: user.id, purposes: ["reset-password"] });
      await revokeUserSessions(tx, { userId: user.id, reason: "password-reset", now });
      return true;
    }));
  if (!user || !changed) {
    logAuthEvent(ctx, "reset-password", {
      outcome: "failure",
      reason: user ? "invalid-reset-token" : "unknown-email",
      ...(user ? { userId: user.id } : { email: body.email }),
    });
    throw new AppError(
      "RESET_TOKEN_INVALID",
      400,
      "This password reset has expired or was already used. Ask for a new code.",
    );
  }
  await recordSuccess(ctx, "reset", account);
  logAuthEvent(ctx, "reset-password", { outcome: "success", userId: user.id });
  return { message: "Your password has been changed. Sign in with your new password." };
}
