import type { Handlers } from "../../kernel/handler-types";
import { getDigestPreference, unsubscribeDigest, updateDigestPreference } from "./digest.service";

export const digestHandlers = {
  getDigestPreference: ({ ctx }) => getDigestPreference(ctx),
  updateDigestPreference: ({ ctx, body }) => updateDigestPreference(ctx, body),
  unsubscribeDigest: ({ ctx, query }) => unsubscribeDigest(ctx, query.token),
} satisfies Handlers<"getDigestPreference" | "updateDigestPreference" | "unsubscribeDigest">;
