import type { Handlers } from "../../kernel/handler-types";
import {
  confirmForgotPassword,
  confirmSignUp,
  forgotPassword,
  logIn,
  logOut,
  refreshToken,
  resendConfirmation,
  resetPassword,
  signUp,
} from "./auth.service";
import { listSocialProviders, receiveSocialCallback, socialLogIn, startSocialLogIn } from "./social.service";

export const authHandlers = {
  signUp: ({ ctx, body }) => signUp(ctx, body),
  confirmSignUp: ({ ctx, body }) => confirmSignUp(ctx, body),
  resendConfirmation: ({ ctx, body }) => resendConfirmation(ctx, body),
  logIn: ({ ctx, body }) => logIn(ctx, body),
  logOut: ({ ctx }) => logOut(ctx),
  listSocialProviders: async ({ ctx }) => listSocialProviders(ctx),
  startSocialLogIn: ({ ctx, body, request, reply }) =>
    startSocialLogIn(ctx, body, { cookieHeader: request.headers.cookie, reply }),
  socialLogIn: ({ ctx, body, request }) => socialLogIn(ctx, body, request.headers.cookie),
  receiveSocialCallback: async ({ ctx, params, body, reply }) => {
    await reply.redirect(await receiveSocialCallback(ctx, params.provider, body), 303);
  },
  refreshToken: ({ ctx, body }) => refreshToken(ctx, body),
  forgotPassword: ({ ctx, body }) => forgotPassword(ctx, body),
  confirmForgotPassword: ({ ctx, body }) => confirmForgotPassword(ctx, body),
  resetPassword: ({ ctx, body }) => resetPassword(ctx, body),
} satisfies Handlers<
  | "signUp"
  | "confirmSignUp"
  | "resendConfirmation"
  | "logIn"
  | "logOut"
  | "listSocialProviders"
  | "startSocialLogIn"
  | "socialLogIn"
  | "receiveSocialCallback"
  | "refreshToken"
  | "forgotPassword"
  | "confirmForgotPassword"
  | "resetPassword"
>;
