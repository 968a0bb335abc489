import { inject } from "vitest";
import { type CapturedMail, readMails } from "./smtp-sink";

const mailDir = () => inject("mailDir");

/**
 * Waits for an e-mail to `to` that arrived after `since` (and, when given, whose subject matches) and returns it.
 * The app sends mail after it answers, so a test asks right after the screen moved on.
 */
export async function waitForMail(
  to: string,
  { since, subject, timeoutMs = 15_000 }: { since: number; subject?: RegExp; timeoutMs?: number },
): Promise<CapturedMail> {
  const deadline = Date.now() + timeoutMs;
  const address = to.toLowerCase();
  while (Date.now() < deadline) {
    const mail = (await readMails(mailDir())).find(
      (entry) =>
        entry.receivedAt >= since &&
        entry.to.includes(address) &&
        (subject === undefined || subject.test(entry.subject)),
    );
    if (mail) return mail;
    await new Promise((tick) => setTimeout(tick, 100));
  }
  throw new Error(`No e-mail to ${to} within ${timeoutMs / 1000} s`);
}

/** The 6-digit code of a mail (docs/decisions.md "E-mail": it is in the subject, and in the body). */
export function codeOf(mail: CapturedMail): string {
  const code = /\b(\d{6})\b/.exec(mail.subject)?.[1];
  if (!code) throw new Error(`No 6-digit code in the subject "${mail.subject}"`);
  return code;
}

/** Waits for the next code e-mailed to `to`. */
export async function waitForCode(to: string, since: number, subject?: RegExp): Promise<string> {
  return codeOf(await waitForMail(to, subject ? { since, subject } : { since }));
}

/** The message's text as sent: quoted-printable soft breaks joined and escapes decoded. */
export function bodyOf(mail: CapturedMail): string {
  const quoted = mail.raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  const base64 = [...mail.raw.matchAll(/\r?\n\r?\n([A-Za-z0-9+/=\r\n]{40,})/g)]
    .map((match) => Buffer.from((match[1] ?? "").replace(/\s/g, ""), "base64").toString("utf8"))
    .join("\n");
  return `${quoted}\n${base64}`;
}

/** A file a message carries as an attachment (Content-Disposition: attachment), decoded. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** The message's attachments: its MIME parts, multiparts opened, whose disposition is `attachment`. */
export function attachmentsOf(mail: CapturedMail): MailAttachment[] {
  const found: MailAttachment[] = [];
  const walk = (part: string) => {
    const end = part.search(/\r?\n\r?\n/);
    const head = (end === -1 ? part : part.slice(0, end)).replace(/\r?\n[ \t]+/g, " ");
    const body = end === -1 ? "" : part.slice(end).replace(/^\r?\n\r?\n/, "");
    const field = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1]?.trim() ?? "";
    const type = field("content-type");
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (boundary) {
      for (const section of body.split(`--${boundary}`).slice(1)) {
        if (section.startsWith("--")) break;
        walk(section.replace(/^\r?\n/, ""));
      }
      return;
    }
    const disposition = field("content-disposition");
    if (!/^attachment/i.test(disposition)) return;
    const base64 = /base64/i.test(field("content-transfer-encoding"));
    found.push({
      filename: /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? "",
      contentType: type.split(";")[0]?.trim() ?? "",
      content: base64 ? Buffer.from(body.replace(/\s+/g, ""), "base64") : Buffer.from(body, "utf8"),
    });
  };
  walk(mail.raw);
  return found;
}
