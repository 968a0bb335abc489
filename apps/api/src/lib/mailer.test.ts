import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { startSmtpSink } from "../../test/smtp-sink";
import { findFreePort } from "./free-port";
import { createMailer } from "./mailer";

function capturedLog() {
  const lines: string[] = [];
  const log = pino(
    { level: "info" },
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  return { log, text: () => lines.join("") };
}

const mail = {
  to: "maya@example.com",
  subject: "123456 is your code",
  text: "Your code: 123456",
  html: "<p>123456</p>",
};

describe("the mailer", () => {
  it("without SMTP_URL writes the message to the log, where a developer reads the code", async () => {
    const { log, text } = capturedLog();
    const mailer = createMailer({ smtpUrl: undefined, from: "Brandscope <no-reply@localhost>", log });
    await mailer.send(mail);
    expect(text()).toContain("E-mail not sent (SMTP_URL is not set)");
    expect(text()).toContain("Your code: 123456");
  });

  it("with SMTP_URL delivers through the server, from MAIL_FROM", async () => {
    const sink = await startSmtpSink();
    const { log } = capturedLog();
    const mailer = createMailer({ smtpUrl: sink.url, from: "Brandscope <hello@brandscope.test>", log });
    try {
      mailer.sendInBackground(mail, log);
      await mailer.idle();
      const received = await sink.waitFor(() => true);
      expect(received).toMatchObject({
        from: "hello@brandscope.test",
        to: ["maya@example.com"],
        subject: mail.subject,
      });
      expect(received.text.trim()).toBe(mail.text);
    } finally {
      await mailer.close();
      await sink.close();
    }
  });

  it("logs a failed background send without failing the caller", async () => {
    const { log, text } = capturedLog();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${await findFreePort()}`, from: "a@b.c", log });
    mailer.sendInBackground(mail, log);
    await mailer.idle();
    expect(text()).toContain('"event":"mail.failed"');
    expect(text()).not.toContain("123456");
    await mailer.close();
  });
});
