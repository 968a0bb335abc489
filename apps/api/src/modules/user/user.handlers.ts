import { notImplemented } from "../../http/errors";
import type { Handlers } from "../../http/handler-types";

export const userHandlers = {
  getMe: notImplemented,
  updateUser: notImplemented,
  changePassword: notImplemented,
  updateProfilePicture: notImplemented,
  deactivateUser: notImplemented,
  deleteUser: notImplemented,
} satisfies Handlers<
  "getMe" | "updateUser" | "changePassword" | "updateProfilePicture" | "deactivateUser" | "deleteUser"
>;
