import type { FastifyBaseLogger } from "fastify";
import { createTransport } from "nodemailer";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Pictures the HTML shows as `cid:<cid>` (the workspace's logo), sent as inline attachments. Base64, because the
   * outbox keeps a message as JSON.
   */
  inlineImages?: InlineImage[];
  /** Files sent as attachments (the weekly digest's PDF report), base64 for the same reason. */
  attachments?: FileAttachment[];
  /** Extra header fields (the digest's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
}

export interface InlineImage {
  cid: string;
  filename: string;
  contentType: string;
  base64: string;
}

export interface FileAttachment {
  filename: string;
  contentType: string;
  base64: string;
}

/** Sends e-mail: through SMTP_URL's server, or into the server log when none is configured. */
export interface Mailer {
  /** Resolves once the server accepted the message; rejects when it did not. */
  send(mail: Mail): Promise<void>;
  /**
   * Sends without making the caller wait (nor reveal, by its timing, whether anything was sent), then calls
   * `settled` with the error, if any: the outbox (modules/mail/outbox.ts) forgets a delivered message or keeps it
   * for a retry.
   */
  sendInBackground(mail: Mail, settled: (error: unknown) => Promise<void>): void;
  /** Resolves once every background send has finished. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

interface Transport {
  deliver(mail: Mail & { from: string }): Promise<void>;
  close(): void;
}

function smtpTransport(url: string): Transport {
  const transporter = createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    deliver: async ({ inlineImages, attachments, ...mail }) => {
      const inline = (inlineImages ?? []).map((image) => ({
        cid: image.cid,
        filename: image.filename,
        contentType: image.contentType,
        content: image.base64,
        encoding: "base64",
        contentDisposition: "inline" as const,
      }));
      const files = (attachments ?? []).map((file) => ({
        filename: file.filename,
        contentType: file.contentType,
        content: file.base64,
        encoding: "base64",
        contentDisposition: "attachment" as const,
      }));
      const all = [...inline, ...files];
      await transporter.sendMail({ ...mail, attachments: all.length > 0 ? all : undefined });
    },
    close: () => transporter.close(),
  };
}

/**
 * Without SMTP_URL (docs/decisions.md "E-mail") the message is written to the log, so a developer running
 * `npm start` reads the code there. This is the one place a code reaches the log, and only when no mail server is
 * configured.
 */
function logTransport(log: FastifyBaseLogger): Transport {
  return {
    deliver: async (mail) => {
      log.info(
        { event: "mail.logged", to: mail.to, subject: mail.subject },
        `E-mail not sent (SMTP_URL is not set). To: ${mail.to}\nSubject: ${mail.subject}\n${Object.entries(
          mail.headers ?? {},
        )
          .map(([name, value]) => `${name}: ${value}\n`)
          .join("")}\n${mail.text}${(mail.attachments ?? [])
          .map((file) => `\nAttached: ${file.filename} (${file.contentType})`)
          .join("")}`,
      );
    },
    close: () => undefined,
  };
}

export function createMailer(o: {
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  const transport = o.smtpUrl ? smtpTransport(o.smtpUrl) : logTransport(o.log);
  const pending = new Set<Promise<void>>();
  const send = (mail: Mail) => transport.deliver({ ...mail, from: o.from });
  return {
    send,
    sendInBackground(mail, settled) {
      const sending = send(mail)
        .then(
          () => settled(undefined),
          (error: unknown) => settled(error),
        )
        .catch((error: unknown) => o.log.error({ err: error }, "Could not record an e-mail's delivery"))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    idle: async () => {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    async close() {
      await this.idle();
      transport.close();
    },
  };
}
