import { AppError } from "../../kernel/errors";

/**
 * Free-mail and consumer providers: anyone can have an address there, so no workspace may claim one for single
 * sign-on (it would route strangers to its identity provider).
 */
const freeMailDomains: ReadonlySet<string> = new Set([
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "live.com",
  "msn.com",
  "yahoo.com",
  "ymail.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "aol.com",
  "proton.me",
  "protonmail.com",
  "gmx.com",
  "gmx.de",
  "gmx.net",
  "web.de",
  "mail.com",
  "yandex.com",
  "yandex.ru",
  "zoho.com",
  "fastmail.com",
  "hey.com",
  "tutanota.com",
  "qq.com",
  "163.com",
]);

/** A DNS name of at least two labels, each 1–63 letters, digits or inner hyphens (IDNs in their xn-- form). */
const domainPattern =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

const invalid = (message: string) =>
  new AppError("VALIDATION_FAILED", 400, message, [{ path: "/domain", message }]);

/** The domain as stored (lower case, no trailing dot), or 400 with a sentence saying what is wrong. */
export function normalizeDomain(input: string): string {
  const domain = input.trim().toLowerCase().replace(/\.$/, "");
  if (!domainPattern.test(domain)) {
    throw invalid(
      `"${input.trim()}" is not a domain name. Enter the part after the @ of your work e-mail, like example.com.`,
    );
  }
  if (freeMailDomains.has(domain)) {
    throw invalid(
      `${domain} is a free e-mail provider: anyone can have an address there. Add your company's own domain.`,
    );
  }
  return domain;
}

/** The TXT record the owner publishes on the domain to prove it is theirs. */
export const txtValueOf = (token: string) => `brandscope-verification=${token}`;
