import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";

/** One e-mail as the sink stored it: what the tests look at. */
export interface CapturedMail {
  to: string[];
  from: string;
  subject: string;
  /** The whole message as received (headers and body). */
  raw: string;
  receivedAt: number;
}

/**
 * A real SMTP server for the browser tests: the app sends its e-mail here (SMTP_URL) as it would to any provider,
 * and every message lands as a JSON file in `mailDir`, where the tests, in their own workers, read it.
 * Plain SMTP on 127.0.0.1: no STARTTLS (its built-in test certificate would only make the client refuse), and any
 * AUTH is accepted.
 */
export async function startSmtpSink(mailDir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  await mkdir(mailDir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? "test" });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const mail: CapturedMail = {
          to: session.envelope.rcptTo.map((address) => address.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          subject: headerValue(raw, "subject"),
          raw,
          receivedAt: Date.now(),
        };
        count += 1;
        const name = `${String(mail.receivedAt).padStart(15, "0")}-${String(count).padStart(5, "0")}.json`;
        // Written aside, then renamed: a reader polling the folder never sees a half-written mail.
        const path = join(mailDir, name);
        writeFile(`${path}.part`, JSON.stringify(mail))
          .then(() => rename(`${path}.part`, path))
          .then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => done());
  });
  const address = server.server.address();
  if (typeof address !== "object" || !address) throw new Error("the SMTP sink has no port");
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** A header's value: unfolded, with RFC 2047 encoded words (=?UTF-8?B?…?= / =?UTF-8?Q?…?=) decoded. */
export function headerValue(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? "";
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const line = unfolded
    .split(/\r?\n/)
    .find((entry) => entry.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  if (!line) return "";
  return line
    .slice(name.length + 1)
    .trim()
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) =>
                String.fromCharCode(Number.parseInt(hex, 16)),
              ),
            "latin1",
          ).toString("utf8"),
    );
}

/** The mails received so far, oldest first. */
export async function readMails(mailDir: string): Promise<CapturedMail[]> {
  const names = (await readdir(mailDir)).filter((name) => name.endsWith(".json")).sort();
  return Promise.all(
    names.map(async (name) => JSON.parse(await readFile(join(mailDir, name), "utf8")) as CapturedMail),
  );
}
