import type { Handlers } from "../../kernel/handler-types";
import { addSsoDomain, removeSsoDomain, verifySsoDomain } from "./sso-domains.service";
import { ssoLogIn } from "./sso-login.service";
import { deleteSsoSettings, getSsoSettings, saveSsoSettings } from "./sso-settings.service";
import { startSsoSignIn } from "./sso-start";

export const ssoHandlers = {
  getSsoSettings: ({ ctx }) => getSsoSettings(ctx),
  saveSsoSettings: ({ ctx, body }) => saveSsoSettings(ctx, body),
  deleteSsoSettings: ({ ctx }) => deleteSsoSettings(ctx),
  addSsoDomain: ({ ctx, body }) => addSsoDomain(ctx, body),
  verifySsoDomain: ({ ctx, params }) => verifySsoDomain(ctx, params.id),
  removeSsoDomain: ({ ctx, params }) => removeSsoDomain(ctx, params.id),
  startSsoSignIn: ({ ctx, body }) => startSsoSignIn(ctx, body),
  ssoLogIn: ({ ctx, body }) => ssoLogIn(ctx, body),
} satisfies Handlers<
  | "getSsoSettings"
  | "saveSsoSettings"
  | "deleteSsoSettings"
  | "addSsoDomain"
  | "verifySsoDomain"
  | "removeSsoDomain"
  | "startSsoSignIn"
  | "ssoLogIn"
>;
