import { Resolver } from "node:dns/promises";

/** Answers, not hangs: a DNS server that does not reply fails the check after a few seconds. */
const RESOLVER_OPTIONS = { timeout: 2000, tries: 2 };

/**
 * The TXT records of a domain, each joined from its strings, through the configured DNS servers (DNS_SERVERS; the
 * system's when none). A domain without TXT records (or without any record) has none: an empty list.
 */
export async function resolveTxt(domain: string, servers: readonly string[]): Promise<string[]> {
  const resolver = new Resolver(RESOLVER_OPTIONS);
  if (servers.length > 0) resolver.setServers([...servers]);
  try {
    const records = await resolver.resolveTxt(domain);
    return records.map((parts) => parts.join(""));
  } catch (error) {
    const code = error instanceof Error && "code" in error ? error.code : undefined;
    if (code === "ENODATA" || code === "ENOTFOUND") return [];
    throw error;
  }
}
