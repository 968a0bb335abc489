import type { RequestCtx } from "../../kernel/handler-types";
import { emailKey } from "./limits";

/**
 * Every sign-in, code and password event, success or failure, as one structured line: the event, the user id
 * or (when no account is known) a keyed hash of the e-mail, and the address. Never a password, code or token.
 */
export function logAuthEvent(
  ctx: RequestCtx,
  event: string,
  f: { outcome: "success" | "failure"; userId?: string; email?: string; reason?: string },
): void {
  const fields = {
    event: `auth.${event}`,
    outcome: f.outcome,
    ...(f.userId ? { userId: f.userId } : f.email ? { emailHash: emailKey(ctx, f.email) } : {}),
    ip: ctx.ip,
    ...(f.reason ? { reason: f.reason } : {}),
  };
  if (f.outcome === "success") ctx.log.info(fields, `auth ${event} succeeded`);
  else ctx.log.warn(fields, `auth ${event} failed${f.reason ? `: ${f.reason}` : ""}`);
}
