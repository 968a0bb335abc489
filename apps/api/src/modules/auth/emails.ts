import type { InlineImage, Mail } from "../../lib/mailer";

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

interface Layout {
  to: string;
  subject: string;
  greeting: string;
  /** Paragraphs before and after the highlighted code (if any). */
  intro: string[];
  code?: string;
  outro: string[];
  link?: { label: string; url: string };
  /** The workspace's logo above the message, for mail sent on the workspace's behalf (custom branding). */
  logo?: EmailLogo;
}

export type EmailLogo = InlineImage & { alt: string };

/** One layout for every message: plain text first, and a simple HTML twin (inline styles only). */
function render(l: Layout): Mail {
  const text = [
    l.greeting,
    "",
    ...l.intro.flatMap((p) => [p, ""]),
    ...(l.code ? [`    ${l.code}`, ""] : []),
    ...l.outro.flatMap((p) => [p, ""]),
    ...(l.link ? [`${l.link.label}: ${l.link.url}`, ""] : []),
    "The Brandscope team",
  ].join("\n");
  const paragraph = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(l.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f7;font-family:Inter,Arial,sans-serif;color:#1f2937;line-height:1.5">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
${l.logo ? `<p style="margin:0 0 24px"><img src="cid:${escapeHtml(l.logo.cid)}" alt="${escapeHtml(l.logo.alt)}" style="max-height:48px;max-width:240px"></p>` : '<p style="margin:0 0 24px;font-weight:600;color:#3730a3;font-size:18px">Brandscope</p>'}
${paragraph(l.greeting)}
${l.intro.map(paragraph).join("\n")}
${l.code ? `<p style="margin:0 0 16px;font-size:28px;font-weight:600;letter-spacing:6px;color:#111827">${escapeHtml(l.code)}</p>` : ""}
${l.outro.map(paragraph).join("\n")}
${l.link ? `<p style="margin:0 0 16px"><a href="${escapeHtml(l.link.url)}" style="color:#3730a3">${escapeHtml(l.link.label)}</a></p>` : ""}
<p style="margin:24px 0 0;color:#6b7280">The Brandscope team</p>
</div></body></html>`;
  if (!l.logo) return { to: l.to, subject: l.subject, text, html };
  const { cid, filename, contentType, base64 } = l.logo;
  return { to: l.to, subject: l.subject, text, html, inlineImages: [{ cid, filename, contentType, base64 }] };
}

const withEmail = (appUrl: string, path: string, email: string) =>
  `${appUrl}${path}?email=${encodeURIComponent(email)}`;

export function confirmationEmail(p: { to: string; firstName: string; code: string; appUrl: string }): Mail {
  return render({
    to: p.to,
    subject: `${p.code} is your Brandscope confirmation code`,
    greeting: `Hi ${p.firstName},`,
    intro: ["Welcome to Brandscope. Enter this code to confirm your e-mail address:"],
    code: p.code,
    outro: [
      "The code is valid for 24 hours. If you did not sign up for Brandscope, you can ignore this e-mail.",
    ],
    link: { label: "Confirm your account", url: withEmail(p.appUrl, "/confirmation", p.to) },
  });
}

export function resetCodeEmail(p: { to: string; firstName: string; code: string; appUrl: string }): Mail {
  return render({
    to: p.to,
    subject: `${p.code} is your Brandscope password reset code`,
    greeting: `Hi ${p.firstName},`,
    intro: [
      "Someone asked to reset the password of your Brandscope account. Enter this code to choose a new one:",
    ],
    code: p.code,
    outro: [
      "The code is valid for 15 minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.",
    ],
    link: { label: "Reset your password", url: withEmail(p.appUrl, "/reset-password", p.to) },
  });
}

export function workspaceDeletedEmail(p: {
  to: string;
  firstName: string;
  ownerName: string;
  workspaceName: string;
  appUrl: string;
}): Mail {
  return render({
    to: p.to,
    subject: `The Brandscope workspace ${p.workspaceName} has been deleted`,
    greeting: `Hi ${p.firstName},`,
    intro: [
      `${p.ownerName} deleted their Brandscope account and with it the workspace ${p.workspaceName}.`,
      "Its brands, data and members have been removed, and your access to it ends now. Your sign-in for this workspace is removed too.",
    ],
    outro: ["You are welcome to create a workspace of your own at any time."],
    link: { label: "Sign up for Brandscope", url: `${p.appUrl}/sign-up` },
  });
}

/** A team invitation: who invites, to which workspace, and the single-use link (valid 7 days). */
export function invitationEmail(p: {
  to: string;
  inviterName: string;
  inviterEmail: string;
  workspaceName: string;
  url: string;
  logo?: EmailLogo;
}): Mail {
  return render({
    logo: p.logo,
    to: p.to,
    subject: `${p.inviterName} invited you to ${p.workspaceName} on Brandscope`,
    greeting: "Hi,",
    intro: [
      `${p.inviterName} (${p.inviterEmail}) invited you to join the workspace ${p.workspaceName} on Brandscope, to see its brands, competitors and analytics together.`,
      `Open the link below, then sign in, or sign up with this address (${p.to}) if you have no account yet.`,
    ],
    outro: [
      "The link works once and is valid for 7 days. If you did not expect this invitation, you can ignore this e-mail.",
    ],
    link: { label: `Join ${p.workspaceName}`, url: p.url },
  });
}

/** Tells a member the owner removed them: their account stays, in a new workspace of their own. */
export function removedFromWorkspaceEmail(p: {
  to: string;
  firstName: string;
  workspaceName: string;
  appUrl: string;
}): Mail {
  return render({
    to: p.to,
    subject: `You are no longer a member of ${p.workspaceName} on Brandscope`,
    greeting: `Hi ${p.firstName},`,
    intro: [
      `The owner of the workspace ${p.workspaceName} removed you from it, and your access to its brands and data has ended.`,
      "Your Brandscope account stays: it now has a workspace of its own, with a 14-day Starter trial. Sign in again to continue.",
    ],
    outro: [],
    link: { label: "Sign in to Brandscope", url: `${p.appUrl}/sign-in` },
  });
}
