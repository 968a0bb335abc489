import type { components } from "@brandscope/api-client/schema";
import { workspaceOf } from "../../kernel/caller";
import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { seal } from "../../lib/crypto";
import { txtValueOf } from "./domains";
import { discoverIdp } from "./oidc-discovery";
import { SamlMetadataError } from "./saml/errors";
import { fetchIdpMetadata, parseIdpMetadata, type SamlIdp } from "./saml/idp-metadata";
import { serviceProviderOf } from "./service-provider";
import {
  deleteSsoConnection,
  findSsoConnection,
  findSsoDomains,
  type SsoConnectionRow,
  type SsoDomainRow,
  upsertSsoConnection,
} from "./sso.repo";
import { assertSsoPlan } from "./sso-plan";
import { endSessionsSsoNowCovers } from "./sso-required";

type Schemas = components["schemas"];

export function toSsoDomainDto(row: SsoDomainRow): Schemas["SsoDomain"] {
  return {
    id: row.id,
    domain: row.domain,
    status: row.verifiedAt ? "verified" : "pending",
    txtValue: txtValueOf(row.verificationToken),
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
  };
}

/** The settings as the owner sees them: never the client secret, only whether one is kept. */
function toSettingsDto(
  ctx: RequestCtx,
  workspaceId: string,
  connection: SsoConnectionRow | undefined,
  domains: SsoDomainRow[],
): Schemas["SsoSettings"] {
  return {
    configured: connection !== undefined,
    protocol: connection?.protocol ?? null,
    oidc:
      connection?.oidcIssuer && connection.oidcClientId
        ? {
            issuer: connection.oidcIssuer,
            clientId: connection.oidcClientId,
            credentialSaved: connection.oidcSealedClientSecret !== null,
          }
        : null,
    saml:
      connection?.samlMetadataXml || connection?.samlMetadataUrl
        ? { metadataXml: connection.samlMetadataXml, metadataUrl: connection.samlMetadataUrl }
        : null,
    requireSso: connection?.requireSso ?? false,
    jitProvisioning: connection?.jitProvisioning ?? false,
    domains: domains.map(toSsoDomainDto),
    serviceProvider: serviceProviderOf(ctx.config, workspaceId),
  };
}

async function readSettings(ctx: RequestCtx, workspaceId: string) {
  const [connection, domains] = await Promise.all([
    findSsoConnection(ctx.db, { workspaceId }),
    findSsoDomains(ctx.db, { workspaceId }),
  ]);
  return toSettingsDto(ctx, workspaceId, connection, domains);
}

export async function getSsoSettings(ctx: RequestCtx): Promise<Schemas["SsoSettings"]> {
  const workspaceId = workspaceOf(ctx);
  await assertSsoPlan(ctx.db, { workspaceId, now: ctx.clock.now() });
  return readSettings(ctx, workspaceId);
}

const missing = (path: string, message: string) =>
  new AppError("VALIDATION_FAILED", 400, message, [{ path, message }]);

/** The OIDC part: the issuer must be discoverable with these credentials before anything is kept. */
async function oidcColumns(
  ctx: RequestCtx,
  body: Schemas["SaveSsoSettingsRequest"],
  kept: SsoConnectionRow | undefined,
) {
  const { oidc } = body;
  if (!oidc)
    throw missing("/oidc", "Enter the issuer, client ID and client secret of your identity provider.");
  // A secret kept belongs to the issuer and client it was given for: sent to another issuer, it would hand one
  // identity provider's credential to whoever runs the other.
  const sameClient =
    kept?.oidcIssuer?.replace(/\/+$/, "") === oidc.issuer.replace(/\/+$/, "") &&
    kept?.oidcClientId === oidc.clientId.trim();
  const sealedSecret = oidc.clientSecret
    ? seal(ctx.keys.seal, oidc.clientSecret)
    : sameClient
      ? (kept?.oidcSealedClientSecret ?? null)
      : null;
  if (!sealedSecret) {
    throw missing(
      "/oidc/clientSecret",
      kept?.oidcSealedClientSecret
        ? "Enter the client secret again: the saved one belongs to the issuer and client ID set before."
        : "Enter the client secret your identity provider gave you.",
    );
  }
  try {
    await discoverIdp(ctx.config, { issuer: oidc.issuer, clientId: oidc.clientId, clientSecret: undefined });
  } catch (error) {
    ctx.log.warn(
      { event: "sso.oidc.discovery-failed", reason: error instanceof Error ? error.message : "unknown" },
      "OpenID issuer discovery failed",
    );
    throw new AppError(
      "SSO_ISSUER_INVALID",
      422,
      `We could not read the OpenID Connect configuration of ${oidc.issuer}. Check the issuer URL: ${oidc.issuer.replace(/\/+$/, "")}/.well-known/openid-configuration must answer.`,
    );
  }
  return {
    oidcIssuer: oidc.issuer,
    oidcClientId: oidc.clientId.trim(),
    oidcSealedClientSecret: sealedSecret,
    samlMetadataXml: null,
    samlMetadataUrl: null,
    samlIdp: null,
  };
}

/**
 * The SAML part: the IdP's metadata, pasted or fetched once from its URL now, must be something we can sign in
 * with; what sign-in needs from it (entity id, sign-in address, signing certificates) is kept with the text.
 * A refusal names the field and says what is wrong; the library's detail goes to the log only.
 */
async function samlColumns(ctx: RequestCtx, body: Schemas["SaveSsoSettingsRequest"]) {
  const xml = body.saml?.metadataXml?.trim() || null;
  const url = body.saml?.metadataUrl?.trim() || null;
  if (!xml === !url) {
    throw missing(
      "/saml",
      "Paste your identity provider's SAML metadata XML, or give the URL it is published at (one of them).",
    );
  }
  let samlIdp: SamlIdp;
  try {
    samlIdp = xml
      ? parseIdpMetadata(xml)
      : await fetchIdpMetadata(url ?? "", {
          allowPrivate: ctx.config.websiteFetch.allowPrivate,
          allowPorts: ctx.config.websiteFetch.allowPorts,
        });
  } catch (error) {
    if (!(error instanceof SamlMetadataError)) throw error;
    ctx.log.warn(
      { event: "sso.saml.metadata-refused", code: error.code, detail: error.message },
      "SAML metadata refused",
    );
    const path = xml ? "/saml/metadataXml" : "/saml/metadataUrl";
    const message = `${error.reason}.`;
    throw new AppError("SSO_METADATA_INVALID", 422, message, [{ path, message }]);
  }
  return {
    oidcIssuer: null,
    oidcClientId: null,
    oidcSealedClientSecret: null,
    samlMetadataXml: xml,
    samlMetadataUrl: url,
    samlIdp,
  };
}

export async function saveSsoSettings(
  ctx: RequestCtx,
  body: Schemas["SaveSsoSettingsRequest"],
): Promise<Schemas["SsoSettings"]> {
  const workspaceId = workspaceOf(ctx);
  await assertSsoPlan(ctx.db, { workspaceId, now: ctx.clock.now() });
  const kept = await findSsoConnection(ctx.db, { workspaceId });
  const columns =
    body.protocol === "oidc" ? await oidcColumns(ctx, body, kept) : await samlColumns(ctx, body);
  await upsertSsoConnection(ctx.db, {
    workspaceId,
    protocol: body.protocol,
    ...columns,
    requireSso: body.requireSso,
    jitProvisioning: body.jitProvisioning,
    now: ctx.clock.now(),
  });
  await endSessionsSsoNowCovers(ctx, workspaceId);
  ctx.log.info(
    { event: "sso.settings.saved", workspaceId, protocol: body.protocol, requireSso: body.requireSso },
    "Single sign-on settings saved",
  );
  return readSettings(ctx, workspaceId);
}

export async function deleteSsoSettings(ctx: RequestCtx): Promise<undefined> {
  const workspaceId = workspaceOf(ctx);
  await assertSsoPlan(ctx.db, { workspaceId, now: ctx.clock.now() });
  await deleteSsoConnection(ctx.db, { workspaceId });
  ctx.log.info({ event: "sso.settings.deleted", workspaceId }, "Single sign-on turned off");
  return undefined;
}
