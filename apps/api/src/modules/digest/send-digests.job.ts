import type { WorkerDeps } from "../../kernel/worker-deps";
import type { FileAttachment } from "../../lib/mailer";
import type { DayWindow } from "../analytics";
import { emailLook } from "../branding";
import { queueMail, sendQueuedMail } from "../mail";
import { claimDigestSend, digestSent, findDigestRecipients, findLastDigestKind } from "./digest.repo";
import { preferenceOf } from "./digest.service";
import { type DigestContent, digestContent } from "./digest-content";
import { digestEmail, nothingNewEmail } from "./digest-email";
import { dueWeek } from "./schedule";
import { unsubscribeToken } from "./unsubscribe-token";

type Recipient = Awaited<ReturnType<typeof findDigestRecipients>>[number];

/**
 * Makes the brand's report of the digest's week as a PDF, for members who asked for it (issue 32, the PDF). The
 * shared reports' module makes it, which sits above this one (it reads every module), so the app hands it in
 * (jobs/workers.ts).
 */
export type WeekReportPdf = (p: {
  workspaceId: string;
  brandId: string;
  brandName: string;
  window: DayWindow;
}) => Promise<FileAttachment>;

export interface DigestJobOptions {
  reportPdf: WeekReportPdf;
}

/**
 * The hourly run of the weekly digest (docs/digest.md): every member whose digest of a brand is on and whose slot
 * (their day and hour, in their time zone) has come gets it, once per week: the week is recorded with the message
 * in one transaction, under the key (member, brand, week), so a second instance or a run after a restart finds it
 * and sends nothing. One member's failure (a figure that cannot be read) is logged and does not stop the others;
 * the next hourly run tries them again while the slot is recent.
 */
export async function sendDigestsJob(deps: WorkerDeps, o: DigestJobOptions): Promise<void> {
  const now = deps.clock.now();
  let sent = 0;
  for (const recipient of await findDigestRecipients(deps.db)) {
    const preference = preferenceOf(recipient.saved, recipient.role);
    if (!preference.enabled) continue;
    const week = dueWeek(now, { ...preference, timeZone: recipient.timeZone });
    if (!week) continue;
    const key = { userId: recipient.userId, brandId: recipient.brandId, week };
    if (await digestSent(deps.db, key)) continue;
    try {
      if (await sendDigest(deps, o, { ...recipient, attachPdf: preference.attachPdf }, week, now)) sent++;
    } catch (error) {
      deps.log.error(
        { err: error, event: "digest.failed", userId: recipient.userId, brandId: recipient.brandId, week },
        "A weekly digest could not be made: tried again at the next hourly run",
      );
    }
  }
  if (sent > 0) deps.log.info({ event: "digest.queued", sent }, "Weekly digests queued");
}

/**
 * The week's report as a PDF attachment when the member asked for it. A PDF that cannot be made does not hold the
 * digest back: it goes without, saying so, and the failure is logged.
 */
async function attachedReport(
  deps: WorkerDeps,
  o: DigestJobOptions,
  r: Recipient,
  content: DigestContent,
): Promise<{ pdf: FileAttachment | undefined; failed: boolean }> {
  try {
    const pdf = await o.reportPdf({
      workspaceId: r.workspaceId,
      brandId: r.brandId,
      brandName: content.brand.name,
      window: content.window,
    });
    return { pdf, failed: false };
  } catch (error) {
    deps.log.error(
      { err: error, event: "digest.pdf-failed", userId: r.userId, brandId: r.brandId },
      "The weekly digest's PDF report could not be made: the digest goes without it",
    );
    return { pdf: undefined, failed: true };
  }
}

/** Makes and queues one member's digest; false when another run recorded the week first or there was nothing to send. */
async function sendDigest(
  deps: WorkerDeps,
  o: DigestJobOptions,
  r: Recipient & { attachPdf: boolean },
  week: string,
  now: Date,
): Promise<boolean> {
  const appUrl = deps.config.appUrl;
  const content: DigestContent = await digestContent(
    { db: deps.db, clock: deps.clock, workspaceId: r.workspaceId, brandId: r.brandId, appUrl },
    { workspaceId: r.workspaceId, brandId: r.brandId, now },
  );
  const token = unsubscribeToken(deps.keys.unsubscribe, { userId: r.userId, brandId: r.brandId });
  const links = {
    unsubscribe: `${appUrl}/api/digest/unsubscribe?${new URLSearchParams({ token })}`,
    preferences: `${appUrl}/user/profile?${new URLSearchParams({ brand: r.brandId })}`,
  };
  // "Nothing new" is said once; the weeks after it pass in silence until there is news again.
  const last = content.hasData ? undefined : await findLastDigestKind(deps.db, r);
  const kind = content.hasData
    ? "digest"
    : last === "nothing-new" || last === "silent"
      ? "silent"
      : "nothing-new";
  const look = kind === "silent" ? undefined : await emailLook(deps, r.workspaceId);
  const base = { to: r.email, firstName: r.firstName, links };
  const mail = !look
    ? undefined
    : kind === "digest"
      ? await digestEmail(content, {
          ...base,
          look,
          report: r.attachPdf ? await attachedReport(deps, o, r, content) : undefined,
        })
      : await nothingNewEmail(content, { ...base, look });
  const queued = await deps.db.transaction(async (tx) => {
    if (!(await claimDigestSend(tx, { userId: r.userId, brandId: r.brandId, week, kind, now })))
      return undefined;
    return mail ? await queueMail(tx, deps, mail) : undefined;
  });
  if (!queued) return false;
  sendQueuedMail(deps, queued);
  return true;
}
