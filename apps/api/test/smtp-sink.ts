import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The parts sent as attachments (Content-Disposition: attachment), decoded. */
  attachments: ReceivedAttachment[];
  raw: string;
}

export interface ReceivedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface SmtpSink {
  url: string;
  messages: ReceivedMail[];
  /** The code of the confirmation e-mail to this address (for registerUser). */
  codeFor(email: string): Promise<string>;
  /** Resolves with the first message (already received or arriving within the timeout) that matches. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on a loopback port (a free one unless given) that keeps every message it is sent. */
export async function startSmtpSink(
  o: {
    port?: number;
    /** Recipients it refuses for good (550 No such user), as a real server does an unknown mailbox. */
    refuses?: (address: string) => boolean;
  } = {},
): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!o.refuses?.(address.address)) return callback();
      callback(Object.assign(new Error("No such user"), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        messages.push({
          ...parseMessage(raw),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.on("error", reject);
    server.listen(o.port ?? 0, "127.0.0.1", () => {
      const address = server.server.address();
      if (address && typeof address === "object") resolve(address.port);
      else reject(new Error("no port"));
    });
  });
  const sink: SmtpSink = {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async codeFor(email) {
      return codeIn(await sink.waitFor((m) => m.to.includes(email) && /confirmation code/.test(m.subject)));
    },
    waitFor(match, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No matching e-mail within ${timeoutMs} ms (received ${messages.length})`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return sink;
}

/**
 * Enough MIME for our own messages: headers, multiparts (alternative, and related around it when a picture is
 * inline), quoted-printable or base64 parts.
 */
function parseMessage(raw: string): Omit<ReceivedMail, "from" | "to"> {
  const { headers, body } = splitHeaders(raw);
  const subject = decodeWords(headers.get("subject") ?? "");
  const parts = leafParts(headers, body);
  const shown = parts.filter((p) => !p.disposition.startsWith("attachment"));
  const of = (t: string) => shown.find((p) => p.type.startsWith(t))?.content ?? "";
  const attachments = parts
    .filter((p) => p.disposition.startsWith("attachment"))
    .map((p) => ({
      filename: /filename="?([^";]+)"?/i.exec(p.disposition)?.[1] ?? "",
      contentType: p.type.split(";")[0]?.trim() ?? "",
      content: p.bytes,
    }));
  return { subject, text: of("text/plain"), html: of("text/html"), attachments, raw };
}

interface LeafPart {
  type: string;
  disposition: string;
  content: string;
  bytes: Buffer;
}

function leafParts(headers: Map<string, string>, body: string): LeafPart[] {
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) {
    const bytes = decodeBytes(body, headers);
    return [
      { type, disposition: headers.get("content-disposition") ?? "", content: bytes.toString("utf8"), bytes },
    ];
  }
  const parts: LeafPart[] = [];
  for (const section of body.split(`--${boundary}`).slice(1)) {
    if (section.startsWith("--")) break;
    const part = splitHeaders(section.replace(/^\r?\n/, ""));
    parts.push(...leafParts(part.headers, part.body));
  }
  return parts;
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? "" : raw.slice(end).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBytes(body: string, headers: Map<string, string>): Buffer {
  const encoding = (headers.get("content-transfer-encoding") ?? "").toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64");
  if (encoding === "quoted-printable") {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1");
  }
  return Buffer.from(body, "utf8");
}

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_m, kind: string, text: string) =>
    kind.toLowerCase() === "b"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(
          text
            .replace(/_/g, " ")
            .replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
          "latin1",
        ).toString("utf8"),
  );
}

/** The 6-digit code in a message's subject. */
export function codeIn(mail: ReceivedMail): string {
  const code = /\b(\d{6})\b/.exec(mail.subject)?.[1];
  if (!code) throw new Error(`No code in "${mail.subject}"`);
  return code;
}
