import { randomBytes } from "node:crypto";
import type { components } from "@brandscope/api-client/schema";
import type { LightMyRequestResponse } from "fastify";
import type { Mail, Mailer } from "../src/lib/mailer";
import type { TestApp } from "./app";
import { expectContractResponse } from "./contract-response";

export type LoginResponse = components["schemas"]["LoginResponse"];

/** Records what the app sends, for tests where delivery is not the point (the SMTP tests use a real sink). */
export class MemoryMailer implements Mailer {
  readonly sent: Mail[] = [];
  async send(mail: Mail) {
    this.sent.push(mail);
  }
  readonly #pending = new Set<Promise<void>>();
  sendInBackground(mail: Mail, settled: (error: unknown) => Promise<void>) {
    this.sent.push(mail);
    const settling = settled(undefined)
      .catch(() => undefined)
      .finally(() => this.#pending.delete(settling));
    this.#pending.add(settling);
  }
  async idle() {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
  }
  async close() {
    await this.idle();
  }
  /** The 6-digit code of the latest message to this address. */
  codeFor(email: string): string {
    const mail = this.sent.filter((m) => m.to === email).at(-1);
    const code = mail && /\b(\d{6})\b/.exec(mail.subject)?.[1];
    if (!code) throw new Error(`No code was sent to ${email}`);
    return code;
  }
}

/** A network address of its own for each test, so per-address limits of one test never touch another. */
export function freshIp(): string {
  const [a = 0, b = 0, c = 1] = randomBytes(3);
  return `10.${a}.${b}.${Math.max(1, c)}`;
}

export const uniqueEmail = (name = "user") => `${name}-${randomBytes(4).toString("hex")}@example.com`;

export const STRONG_PASSWORD = "Roast-2026-beans";

interface CallOptions {
  ip?: string;
  authorization?: string;
  headers?: Record<string, string>;
}

/**
 * JSON calls to the app by operation: each answer is checked against the contract (status listed, body valid)
 * before the test looks at it.
 */
export function caller(t: TestApp, defaults: CallOptions = {}) {
  const call = async (
    operationId: string,
    method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
    url: string,
    body?: unknown,
    o: CallOptions = {},
  ): Promise<LightMyRequestResponse> => {
    const { ip, authorization, headers } = { ...defaults, ...o };
    const response = await t.app.inject({
      method,
      url: `/api${url}`,
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(authorization ? { authorization } : {}),
        ...headers,
      },
      ...(ip ? { remoteAddress: ip } : {}),
    });
    expectContractResponse(operationId, response);
    return response;
  };
  return {
    call,
    signUp: (body: Record<string, unknown>, o?: CallOptions) =>
      call("signUp", "POST", "/auth/signup", body, o),
    confirm: (email: string, code: string, o?: CallOptions) =>
      call("confirmSignUp", "POST", "/auth/confirm", { email, code }, o),
    resend: (email: string, o?: CallOptions) =>
      call("resendConfirmation", "POST", "/auth/resend-confirmation", { email }, o),
    logIn: (email: string, password: string, o?: CallOptions) =>
      call("logIn", "POST", "/auth/login", { email, password }, o),
    refresh: (email: string, refreshToken: string, o?: CallOptions) =>
      call("refreshToken", "POST", "/auth/refresh-token", { email, refreshToken }, o),
    logOut: (authorization: string) => call("logOut", "POST", "/auth/logout", undefined, { authorization }),
    forgot: (email: string, o?: CallOptions) =>
      call("forgotPassword", "POST", "/auth/forgot-password", { email }, o),
    confirmForgot: (email: string, code: string, o?: CallOptions) =>
      call("confirmForgotPassword", "POST", "/auth/forgot-password/confirm", { email, code }, o),
    reset: (body: Record<string, unknown>, o?: CallOptions) =>
      call("resetPassword", "POST", "/auth/reset-password", body, o),
    me: (authorization: string) => call("getMe", "GET", "/user/me", undefined, { authorization }),
    updateUser: (authorization: string, body: Record<string, unknown>) =>
      call("updateUser", "PATCH", "/user", body, { authorization }),
    changePassword: (authorization: string, body: Record<string, unknown>) =>
      call("changePassword", "POST", "/user/change-password", body, { authorization }),
    deactivate: (authorization: string) =>
      call("deactivateUser", "POST", "/user/deactivate", undefined, { authorization }),
    deleteUser: (authorization: string, accessToken: string) =>
      call("deleteUser", "POST", "/user/delete", { accessToken }, { authorization }),
  };
}

export const bearer = (login: LoginResponse) => `Bearer ${login.idToken}`;

/** Where a test reads the code e-mailed to an address: a MemoryMailer, or a real SMTP sink. */
export interface CodeSource {
  codeFor(email: string): string | Promise<string>;
}

/** Signs up through the API, confirms with the e-mailed code and signs in. */
export async function registerUser(
  t: TestApp,
  mailer: CodeSource,
  o: { email?: string; password?: string; firstName?: string; ip?: string; invitationToken?: string } = {},
): Promise<{ email: string; password: string; login: LoginResponse }> {
  const api = caller(t, { ip: o.ip ?? freshIp() });
  const email = o.email ?? uniqueEmail();
  const password = o.password ?? STRONG_PASSWORD;
  const signUp = await api.signUp({
    firstName: o.firstName ?? "Maya",
    lastName: "Okafor",
    email,
    password,
    passwordConfirmation: password,
    ...(o.invitationToken ? { invitationToken: o.invitationToken } : {}),
  });
  if (signUp.statusCode !== 201) throw new Error(`sign-up failed: ${signUp.body}`);
  const confirm = await api.confirm(email, await mailer.codeFor(email));
  if (confirm.statusCode !== 200) throw new Error(`confirm failed: ${confirm.body}`);
  const login = await api.logIn(email, password);
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  return { email, password, login: login.json() };
}
