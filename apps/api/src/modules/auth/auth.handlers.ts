import type { Handlers } from "../../http/handler-types";
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
import { listSocialProviders, socialLogIn, startSocialLogIn } from "./social.service";

export const authHandlers = {
  signUp: ({ ctx, body }) => signUp(ctx, body),
  confirmSignUp: ({ ctx, body }) => confirmSignUp(ctx, body),
  resendConfirmation: ({ ctx, body }) => resendConfirmation(ctx, body),
  logIn: ({ ctx, body }) => logIn(ctx, body),
  logOut: ({ ctx }) => logOut(ctx),
  listSocialProviders: async ({ ctx }) => listSocialProviders(ctx),
  startSocialLogIn: ({ ctx, body }) => startSocialLogIn(ctx, body),
  socialLogIn: ({ ctx, body }) => socialLogIn(ctx, body),
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
  | "refreshToken"
  | "forgotPassword"
  | "confirmForgotPassword"
  | "resetPassword"
>;
