import { describe, expect, it } from "vitest";
import { capturedLog } from "../../test/log";
import { startSmtpSink } from "../../test/smtp-sink";
import { findFreePort } from "./free-port";
import { createMailer } from "./mailer";

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

  it("without SMTP_URL shows a message's own header fields in the log (a digest's one-click unsubscribe)", async () => {
    const { log, text } = capturedLog();
    const mailer = createMailer({ smtpUrl: undefined, from: "Brandscope <no-reply@localhost>", log });
    const url = "https://app.example/api/digest/unsubscribe?token=abc";
    await mailer.send({
      ...mail,
      headers: { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    });
    expect(text()).toContain(
      `List-Unsubscribe: <${url}>\\nList-Unsubscribe-Post: List-Unsubscribe=One-Click`,
    );
  });

  it("with SMTP_URL delivers through the server, from MAIL_FROM", async () => {
    const sink = await startSmtpSink();
    const { log } = capturedLog();
    const mailer = createMailer({ smtpUrl: sink.url, from: "Brandscope <hello@brandscope.test>", log });
    try {
      const outcomes: unknown[] = [];
      mailer.sendInBackground(mail, async (error) => {
        outcomes.push(error);
      });
      await mailer.idle();
      expect(outcomes).toEqual([undefined]);
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

  it("hands a failed background send to its caller's callback, without failing the caller", async () => {
    const { log, text } = capturedLog();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${await findFreePort()}`, from: "a@b.c", log });
    const outcomes: unknown[] = [];
    mailer.sendInBackground(mail, async (error) => {
      outcomes.push(error);
    });
    await mailer.idle();
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]).toBeInstanceOf(Error);
    expect(text()).not.toContain("123456");
    await mailer.close();
  });
});
