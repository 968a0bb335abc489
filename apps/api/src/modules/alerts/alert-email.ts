import { Heading, Hr, Link, Section, Text } from "@react-email/components";
import { createElement as h, type ReactNode } from "react";
import type { Mail } from "../../lib/mailer";
import {
  type EmailLook,
  emailClass,
  renderEmailShell,
  shellImages,
  emailStyles as styles,
  unsubscribeHeaders,
} from "../mail";
import type { StoredAlert } from "./delivery.repo";

/**
 * An alert e-mail (docs/alerts.md "E-mail"): one run of alerts (`instant`) or the hour's (`hourly`), each alert with
 * its figure's sentence and a link to it in the app; HTML from React Email's components in the shell the weekly
 * digest wears too (apps/api/src/modules/mail/email-shell.ts), with the workspace's logo and accent where its plan
 * applies custom branding, a plain-text twin, and RFC 8058's one-click unsubscribe in the headers.
 */

export interface AlertEmailLinks {
  /** The List-Unsubscribe POST target: turns the member's alert e-mail off. */
  unsubscribe: string;
  /** The member's alert settings in the app. */
  preferences: string;
}

export function alertEmailSubject(alerts: StoredAlert[], mode: "instant" | "hourly"): string {
  if (alerts.length === 1) return `Brandscope alert: ${alerts[0]?.title}`;
  return mode === "hourly"
    ? `Brandscope: ${alerts.length} alerts in the last hour`
    : `Brandscope: ${alerts.length} alerts at once`;
}

export async function alertEmail(
  alerts: StoredAlert[],
  p: {
    to: string;
    firstName: string;
    appUrl: string;
    links: AlertEmailLinks;
    mode: "instant" | "hourly";
    look: EmailLook;
  },
): Promise<Mail> {
  const lead =
    p.mode === "hourly"
      ? `Hi ${p.firstName}, here is what Brandscope noticed in the last hour.`
      : `Hi ${p.firstName}, Brandscope just noticed this.`;
  const why =
    p.mode === "hourly"
      ? "You get alerts by e-mail once an hour, as chosen in your Brandscope settings."
      : "You get alerts by e-mail as they happen, as chosen in your Brandscope settings.";
  const link = (href: string, label: string) => h(Link, { href, style: { color: p.look.accent } }, label);
  const entry = (a: StoredAlert): ReactNode =>
    h(
      Section,
      { key: a.id, style: { borderTop: "1px solid #e5e7eb", padding: "12px 0 0" } },
      h(
        Text,
        { style: { ...styles.text, fontWeight: 600, margin: "0 0 4px" }, className: emailClass.text },
        a.title,
      ),
      h(
        Text,
        { style: styles.text, className: emailClass.text },
        a.detail,
        " ",
        link(`${p.appUrl}${a.link}`, "Open"),
      ),
    );
  const html = await renderEmailShell({
    look: p.look,
    preview: alerts.map((a) => a.title).join(" · "),
    children: [
      h(
        Heading,
        {
          as: "h1",
          style: { ...styles.text, fontSize: "20px", fontWeight: 600 },
          className: emailClass.text,
        },
        alertEmailSubject(alerts, p.mode).replace(/^Brandscope( alert)?: /, ""),
      ),
      h(Text, { style: styles.text, className: emailClass.text }, lead),
      ...alerts.map(entry),
      h(Hr, { style: { borderColor: "#e5e7eb", margin: "24px 0" } }),
      h(
        Text,
        { style: styles.muted, className: emailClass.muted },
        `${why} `,
        link(p.links.preferences, "Change or stop alert e-mails"),
      ),
    ],
  });
  const text = [
    lead,
    "",
    ...alerts.flatMap((a) => [`- ${a.title}`, `  ${a.detail}`, `  ${p.appUrl}${a.link}`, ""]),
    why,
    `Change or stop alert e-mails: ${p.links.preferences}`,
  ].join("\n");
  return {
    to: p.to,
    subject: alertEmailSubject(alerts, p.mode),
    text,
    html,
    inlineImages: shellImages(p.look),
    headers: unsubscribeHeaders(p.links.unsubscribe),
  };
}
