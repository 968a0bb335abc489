import { notImplemented } from "../../http/errors";
import type { Handlers } from "../../http/handler-types";

export const authHandlers = {
  signUp: notImplemented,
  confirmSignUp: notImplemented,
  resendConfirmation: notImplemented,
  logIn: notImplemented,
  listSocialProviders: notImplemented,
  startSocialLogIn: notImplemented,
  socialLogIn: notImplemented,
  refreshToken: notImplemented,
  forgotPassword: notImplemented,
  confirmForgotPassword: notImplemented,
  resetPassword: notImplemented,
} satisfies Handlers<
  | "signUp"
  | "confirmSignUp"
  | "resendConfirmation"
  | "logIn"
  | "listSocialProviders"
  | "startSocialLogIn"
  | "socialLogIn"
  | "refreshToken"
  | "forgotPassword"
  | "confirmForgotPassword"
  | "resetPassword"
>;
