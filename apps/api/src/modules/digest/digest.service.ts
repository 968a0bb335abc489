import type { components } from "@brandscope/api-client/schema";
import { signedIn, workspaceOf } from "../../kernel/caller";
import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { findUserById } from "../accounts";
import { findCurrentBrand } from "../brand";
import {
  findDigestPreference,
  findMemberBrand,
  type StoredPreference,
  saveDigestPreference,
} from "./digest.repo";
import { DEFAULT_SCHEDULE } from "./schedule";
import { readUnsubscribeToken } from "./unsubscribe-token";

type Schemas = components["schemas"];

/** A member's digest of a brand when they never chose: on for the owner only (issue 31), without the PDF. */
export function preferenceOf(saved: StoredPreference | undefined, role: string): StoredPreference {
  return saved ?? { enabled: role === "owner", ...DEFAULT_SCHEDULE, attachPdf: false };
}

async function callerAndBrand(ctx: RequestCtx) {
  const { userId } = signedIn(ctx);
  const workspaceId = workspaceOf(ctx);
  const [user, brand] = await Promise.all([
    findUserById(ctx.db, { userId, workspaceId }),
    findCurrentBrand(ctx.db, { workspaceId, brandId: ctx.brandId }),
  ]);
  if (!user) throw new AppError("UNAUTHORIZED", 401, "Unauthorized");
  if (!brand || brand.sample) {
    throw new AppError("NO_BRAND", 404, "Connect a brand first: the weekly digest is about your own brand.");
  }
  return { user, brand };
}

export async function getDigestPreference(ctx: RequestCtx): Promise<Schemas["DigestPreference"]> {
  const { user, brand } = await callerAndBrand(ctx);
  const saved = await findDigestPreference(ctx.db, { userId: user.id, brandId: brand.id });
  return { brandId: brand.id, ...preferenceOf(saved, user.role), timeZone: user.timeZone };
}

/** Each member sets their own digest only: the caller's id is the row's, whatever their role. */
export async function updateDigestPreference(
  ctx: RequestCtx,
  body: Schemas["UpdateDigestPreferenceRequest"],
): Promise<Schemas["DigestPreference"]> {
  const { user, brand } = await callerAndBrand(ctx);
  const saved = await findDigestPreference(ctx.db, { userId: user.id, brandId: brand.id });
  const preference = { ...preferenceOf(saved, user.role), ...body };
  await saveDigestPreference(ctx.db, {
    userId: user.id,
    brandId: brand.id,
    preference,
    now: ctx.clock.now(),
  });
  return { brandId: brand.id, ...preference, timeZone: user.timeZone };
}

/**
 * RFC 8058's one-click unsubscribe, without a sign-in: the token is the proof. It turns off that digest only (the
 * member's other brands, and every other e-mail, are untouched), keeps the chosen day and hour for a later
 * opt-in, and answers the same when it is off already.
 */
export async function unsubscribeDigest(ctx: RequestCtx, token: string): Promise<Schemas["Message"]> {
  const named = readUnsubscribeToken(ctx.keys.unsubscribe, token);
  if (!named) {
    throw new AppError(
      "INVALID_TOKEN",
      400,
      "This unsubscribe link is not valid. Change the digest in your settings.",
      [{ path: "/token", message: "Not a valid unsubscribe token" }],
    );
  }
  const member = await findMemberBrand(ctx.db, named);
  if (!member) throw new AppError("NOT_FOUND", 404, "This digest no longer exists.");
  const saved = await findDigestPreference(ctx.db, named);
  const preference = { ...preferenceOf(saved, member.role), enabled: false };
  await saveDigestPreference(ctx.db, { ...named, preference, now: ctx.clock.now() });
  return { message: "You will no longer receive this weekly digest." };
}
