import type { components } from "@brandscope/api-client/schema";
import { workspaceOf } from "../../kernel/caller";
import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { randomToken } from "../../lib/crypto";
import { resolveTxt } from "./domain-check";
import { normalizeDomain, txtValueOf } from "./domains";
import {
  deleteSsoDomain,
  findSsoDomain,
  findSsoDomainByName,
  findVerifiedDomain,
  insertSsoDomain,
  markSsoDomainVerified,
} from "./sso.repo";
import { assertSsoPlan } from "./sso-plan";
import { endSessionsSsoNowCovers } from "./sso-required";
import { toSsoDomainDto } from "./sso-settings.service";

type SsoDomain = components["schemas"]["SsoDomain"];

const domainNotFound = () => new AppError("SSO_DOMAIN_NOT_FOUND", 404, "Domain not found");
const taken = (domain: string) =>
  new AppError(
    "SSO_DOMAIN_TAKEN",
    409,
    `${domain} is already verified by another workspace. If it is yours, ask its owner to remove it first.`,
  );

/** True for PostgreSQL's unique violation of the index that keeps a verified domain to one workspace. */
function isVerifiedElsewhere(error: unknown): boolean {
  const cause = error instanceof Error && "cause" in error ? error.cause : error;
  return (
    typeof cause === "object" &&
    cause !== null &&
    "constraint" in cause &&
    cause.constraint === "sso_domains_verified_domain_key"
  );
}

/** Claims a domain: the owner publishes its TXT value, then asks for a check (verifySsoDomain). */
export async function addSsoDomain(
  ctx: RequestCtx,
  body: components["schemas"]["AddSsoDomainRequest"],
): Promise<SsoDomain> {
  const workspaceId = workspaceOf(ctx);
  await assertSsoPlan(ctx.db, { workspaceId, now: ctx.clock.now() });
  const domain = normalizeDomain(body.domain);
  const verified = await findVerifiedDomain(ctx.db, { domain });
  if (verified && verified.workspaceId !== workspaceId) throw taken(domain);
  const existing = verified ?? (await findSsoDomainByName(ctx.db, { workspaceId, domain }));
  if (existing) {
    throw new AppError("SSO_DOMAIN_EXISTS", 409, `${domain} is already in your list of domains.`);
  }
  const row = await insertSsoDomain(ctx.db, {
    workspaceId,
    domain,
    verificationToken: randomToken(18),
    now: ctx.clock.now(),
  });
  return toSsoDomainDto(row);
}

/** Resolves the domain's TXT records now; verified once one of them is the workspace's value. */
export async function verifySsoDomain(ctx: RequestCtx, id: string): Promise<SsoDomain> {
  const workspaceId = workspaceOf(ctx);
  await assertSsoPlan(ctx.db, { workspaceId, now: ctx.clock.now() });
  const row = await findSsoDomain(ctx.db, { id, workspaceId });
  if (!row) throw domainNotFound();
  if (row.verifiedAt) return toSsoDomainDto(row);
  const expected = txtValueOf(row.verificationToken);
  let records: string[];
  try {
    records = await resolveTxt(row.domain, ctx.config.dnsServers);
  } catch (error) {
    ctx.log.warn(
      {
        event: "sso.domain.dns-failed",
        domain: row.domain,
        reason: error instanceof Error ? error.message : "unknown",
      },
      "DNS lookup for domain verification failed",
    );
    throw new AppError(
      "SSO_DOMAIN_UNVERIFIED",
      422,
      `We could not look up the DNS records of ${row.domain} just now. Try again in a few minutes.`,
    );
  }
  if (!records.some((record) => record.trim() === expected)) {
    throw new AppError(
      "SSO_DOMAIN_UNVERIFIED",
      422,
      `We found no TXT record "${expected}" on ${row.domain}. Add it at your DNS provider; changes can take a while to show, then verify again.`,
    );
  }
  try {
    const verified = await markSsoDomainVerified(ctx.db, { id, workspaceId, now: ctx.clock.now() });
    if (!verified) throw domainNotFound();
    await endSessionsSsoNowCovers(ctx, workspaceId);
    ctx.log.info({ event: "sso.domain.verified", workspaceId, domain: row.domain }, "SSO domain verified");
    return toSsoDomainDto(verified);
  } catch (error) {
    if (isVerifiedElsewhere(error)) throw taken(row.domain);
    throw error;
  }
}

export async function removeSsoDomain(ctx: RequestCtx, id: string): Promise<undefined> {
  const workspaceId = workspaceOf(ctx);
  await assertSsoPlan(ctx.db, { workspaceId, now: ctx.clock.now() });
  if (!(await deleteSsoDomain(ctx.db, { id, workspaceId }))) throw domainNotFound();
  return undefined;
}
