import type { Handlers } from "../../kernel/handler-types";
import {
  changePassword,
  deactivateUser,
  deleteUser,
  getMe,
  updateProfilePicture,
  updateUser,
} from "./user.service";

export const userHandlers = {
  getMe: ({ ctx }) => getMe(ctx),
  updateUser: ({ ctx, body }) => updateUser(ctx, body),
  changePassword: ({ ctx, body }) => changePassword(ctx, body),
  updateProfilePicture: ({ ctx, request }) => updateProfilePicture(ctx, request),
  deactivateUser: ({ ctx }) => deactivateUser(ctx),
  deleteUser: ({ ctx, body }) => deleteUser(ctx, body),
} satisfies Handlers<
  "getMe" | "updateUser" | "changePassword" | "updateProfilePicture" | "deactivateUser" | "deleteUser"
>;
