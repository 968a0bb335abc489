import { beforeAll, expect, it } from "vitest";
import { caller, freshIp, STRONG_PASSWORD, uniqueEmail } from "../../../test/api";
import { buildTestApp, type TestApp, testConfig } from "../../../test/app";
import { capturedLog } from "../../../test/log";
import { type SmtpSink, startSmtpSink } from "../../../test/smtp-sink";
import { appKeys } from "../../config/keys";
import { MINUTE_MS } from "../../lib/clock";
import { findFreePort } from "../../lib/free-port";
import { createMailer } from "../../lib/mailer";
import { deliverDueMail, type OutboxDeps, queueMail, sendQueuedMail } from "./outbox";

let t: TestApp;
let smtpPort: number;
let deps: OutboxDeps;
const captured = capturedLog();
const sinks: SmtpSink[] = [];

beforeAll(async () => {
  // The mail server is down: nothing listens on its port until a test starts the sink there.
  smtpPort = await findFreePort();
  const smtpUrl = `smtp://127.0.0.1:${smtpPort}`;
  t = await buildTestApp({ env: { SMTP_URL: smtpUrl }, log: captured.log });
  deps = {
    db: t.database.db,
    mailer: createMailer({ smtpUrl, from: "Brandscope <hello@brandscope.test>", log: captured.log }),
    log: captured.log,
    clock: t.clock,
    keys: appKeys(testConfig()),
  };
  return async () => {
    await deps.mailer.close();
    await t.close();
    for (const sink of sinks) await sink.close();
  };
});

const outbox = async () =>
  (
    await t.database.pool.query<{
      recipient: string;
      sealed: string;
      attempts: number;
      last_error: string | null;
    }>("select recipient, sealed, attempts, last_error from mail_outbox order by created_at")
  ).rows;

async function waitFor<T>(probe: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("Timed out");
}

it("keeps a code e-mailed during an SMTP outage, sealed, and delivers it once the server is back", async () => {
  const email = uniqueEmail("outage");
  const api = caller(t, { ip: freshIp() });
  const signedUp = await api.signUp({
    firstName: "Ines",
    lastName: "Okoro",
    email,
    password: STRONG_PASSWORD,
    passwordConfirmation: STRONG_PASSWORD,
  });
  expect(signedUp.statusCode).toBe(201);
  const [kept] = await waitFor(async () => {
    const rows = await outbox();
    return rows[0]?.last_error ? rows : undefined;
  });
  expect(kept?.recipient).toBe(email);
  const sealed = kept?.sealed ?? "";
  expect(captured.text()).toContain('"event":"mail.failed"');

  // The job's next run before the retry time sends nothing; after it, the code arrives and confirms the account.
  const sink = await startSmtpSink({ port: smtpPort });
  sinks.push(sink);
  await deliverDueMail(deps);
  expect(sink.messages).toHaveLength(0);
  t.clock.advance(2 * MINUTE_MS);
  await deliverDueMail(deps);
  const code = await sink.codeFor(email);
  // It was sealed: neither the code nor the words of the message were readable in the table.
  for (const secret of [code, "Ines", "confirmation"]) expect(sealed).not.toContain(secret);
  expect((await api.confirm(email, code)).statusCode).toBe(200);
  expect(await outbox()).toEqual([]);
  expect(captured.text()).not.toContain(code);
});

it("sends what a crash left unsent in the outbox, once, after the sending hold", async () => {
  const sink = sinks[0] ?? (await startSmtpSink({ port: smtpPort }));
  const to = uniqueEmail("crash");
  // Queued and committed, then the process died before sending it.
  await t.database.db.transaction((tx) =>
    queueMail(tx, deps, { to, subject: "Left behind", text: "hello", html: "<p>hello</p>" }),
  );
  await deliverDueMail(deps);
  expect(sink.messages.filter((m) => m.to.includes(to))).toHaveLength(0);
  t.clock.advance(2 * MINUTE_MS + 1);
  await deliverDueMail(deps);
  await deliverDueMail(deps);
  await sink.waitFor((m) => m.to.includes(to));
  expect(sink.messages.filter((m) => m.to.includes(to))).toHaveLength(1);
  expect(await outbox()).toEqual([]);
});

it("forgets a message once the mail server took it, so the job never sends it again", async () => {
  const sink = sinks[0] ?? (await startSmtpSink({ port: smtpPort }));
  const to = uniqueEmail("once");
  const queued = await t.database.db.transaction((tx) =>
    queueMail(tx, deps, { to, subject: "Just once", text: "hello", html: "<p>hello</p>" }),
  );
  sendQueuedMail(deps, queued);
  await deps.mailer.idle();
  expect(await outbox()).toEqual([]);
  t.clock.advance(10 * MINUTE_MS);
  await deliverDueMail(deps);
  await sink.waitFor((m) => m.to.includes(to));
  expect(sink.messages.filter((m) => m.to.includes(to))).toHaveLength(1);
});

it("drops a message the mail server refuses for good (no such mailbox) instead of retrying it for days", async () => {
  const refusing = await startSmtpSink({ refuses: (address) => address.startsWith("nobody") });
  sinks.push(refusing);
  const refusingDeps = {
    ...deps,
    mailer: createMailer({
      smtpUrl: refusing.url,
      from: "Brandscope <hello@brandscope.test>",
      log: captured.log,
    }),
  };
  try {
    await t.database.db.transaction((tx) =>
      queueMail(tx, refusingDeps, {
        to: uniqueEmail("nobody"),
        subject: "Lost",
        text: "x",
        html: "<p>x</p>",
      }),
    );
    t.clock.advance(2 * MINUTE_MS + 1);
    await deliverDueMail(refusingDeps);
    expect(await outbox()).toEqual([]);
    expect(captured.text()).toContain('"event":"mail.refused"');
  } finally {
    await refusingDeps.mailer.close();
  }
});
