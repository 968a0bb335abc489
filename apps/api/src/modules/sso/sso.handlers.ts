import type { Handlers } from "../../kernel/handler-types";
import { describeSsoHandoff, receiveSamlResponse } from "./saml-acs";
import { getSamlServiceProviderMetadata } from "./saml-metadata.service";
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
  startSsoSignIn: ({ ctx, body, request, reply }) =>
    startSsoSignIn(ctx, body, { cookieHeader: request.headers.cookie, reply }),
  ssoLogIn: ({ ctx, body, request }) => ssoLogIn(ctx, body, request.headers.cookie),
  describeSsoHandoff: ({ ctx, body }) => describeSsoHandoff(ctx, body.handoff),
  receiveSamlResponse: async ({ ctx, params, body, reply }) => {
    await reply.redirect(await receiveSamlResponse(ctx, params.workspaceId, body), 303);
  },
  getSamlServiceProviderMetadata: ({ ctx, params }) =>
    getSamlServiceProviderMetadata(ctx, params.workspaceId),
} satisfies Handlers<
  | "getSsoSettings"
  | "saveSsoSettings"
  | "deleteSsoSettings"
  | "addSsoDomain"
  | "verifySsoDomain"
  | "removeSsoDomain"
  | "startSsoSignIn"
  | "ssoLogIn"
  | "describeSsoHandoff"
  | "receiveSamlResponse"
  | "getSamlServiceProviderMetadata"
>;
