import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { serviceProviderMetadata } from "./saml/sp-metadata";
import { samlSpOf } from "./service-provider";
import { hasSso } from "./sso-plan";

/**
 * The workspace's SAML service-provider metadata, for its owner to give the identity provider (before the IdP's
 * own metadata is saved here, so it does not need a SAML connection yet): only a plan with single sign-on has it.
 */
export async function getSamlServiceProviderMetadata(ctx: RequestCtx, workspaceId: string): Promise<string> {
  if (!(await hasSso(ctx.db, { workspaceId, now: ctx.clock.now() }))) {
    throw new AppError("NOT_FOUND", 404, "This workspace has no single sign-on.");
  }
  return serviceProviderMetadata(samlSpOf(ctx.config, workspaceId));
}
