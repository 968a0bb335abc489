import { Column, Heading, Hr, Img, Link, Row, Section, Text } from "@react-email/components";
import { type ComponentProps, type CSSProperties, createElement as h, type ReactNode } from "react";
import { NETWORK_NAMES } from "../../domain/social-networks";
import type { FileAttachment, InlineImage, Mail } from "../../lib/mailer";
import { dayLabel, windowLabel } from "../analytics";
import {
  type EmailLook,
  emailClass,
  renderEmailShell,
  shellImages,
  emailStyles as styles,
  unsubscribeHeaders,
} from "../mail";
import { chartImage, pairedBarsSvg } from "./charts";
import { type Change, type DigestContent, sourceLabel } from "./digest-content";

/**
 * The weekly digest as an e-mail: HTML built with React Email's components (tables and inline styles that mail
 * clients agree on, docs/digest.md "The e-mail") inside the shell it shares with the alert e-mail
 * (apps/api/src/modules/mail/email-shell.ts), a plain-text twin written here line by line with the same figures, and
 * the charts as inline PNG attachments.
 */

export interface DigestLinks {
  /**
   * The one-click unsubscribe URL of the List-Unsubscribe header (RFC 8058): a mail client POSTs to it. Not shown
   * in the body, where a browser would GET it: the body links to the digest's settings.
   */
  unsubscribe: string;
  /** The digest's settings in the app (the profile), for the brand. */
  preferences: string;
}

/** React Email's Row types its children as a prop; given as createElement's arguments, as biome asks. */
const TableRow = (props: { style: CSSProperties; children?: ReactNode }) =>
  h(Row, props as ComponentProps<typeof Row>);

const percent = (v: number) => `${(v * 100).toFixed(1)} %`;
const whole = (v: number) => new Intl.NumberFormat("en-GB").format(Math.round(v));

/** "+12 %", "−3 %", "no change", or why there is none. */
export function changeText(c: Change): string {
  if (c.value === null) return "no figure this week";
  if (c.previous === null) return "no figure the week before";
  if (c.change === null) return c.value === c.previous ? "no change" : "new this week";
  if (c.change === 0) return "no change";
  const sign = c.change > 0 ? "+" : "−";
  return `${sign}${Math.abs(Math.round(c.change * 100))} % vs the week before`;
}

/** The week's report as a PDF, for a member who asked for it: attached, or why it is not. */
export interface AttachedReport {
  pdf: FileAttachment | undefined;
  failed: boolean;
}

/** The sentence that tells the member about the PDF they asked for. */
function reportSentence(report: AttachedReport | undefined): string | undefined {
  if (!report) return undefined;
  if (report.pdf)
    return `The week's report of the content and competitor modules is attached as a PDF (${report.pdf.filename}).`;
  return "The week's PDF report could not be made this time: the figures are above and in the app.";
}

interface Line {
  label: string;
  value: string;
  change: string;
  link: string;
}

const networkName = NETWORK_NAMES;

function linesOf(c: DigestContent): Line[] {
  const show = (v: number | null, format: (n: number) => string) => (v === null ? "—" : format(v));
  return [
    {
      label: "Posts this week",
      value: show(c.posts.value, whole),
      change: changeText(c.posts),
      link: c.links.content,
    },
    {
      label: "Engagement rate",
      value: show(c.engagementRate.value, percent),
      change: changeText(c.engagementRate),
      link: c.links.content,
    },
    ...c.followers.map((f) => ({
      label: `Followers on ${networkName[f.platform] ?? f.platform}`,
      value: show(f.value, whole),
      change: changeText(f),
      link: c.links.competitor,
    })),
    {
      label: "Share of voice (engagement)",
      value: show(c.shareOfVoice.value, (v) => `${v} %`),
      change:
        c.shareOfVoice.value !== null && c.shareOfVoice.previous !== null
          ? `${c.shareOfVoice.previous} % the week before`
          : changeText(c.shareOfVoice),
      link: c.links.competitor,
    },
  ];
}

function textPart(
  c: DigestContent,
  lines: Line[],
  links: DigestLinks,
  firstName: string,
  report: string | undefined,
): string {
  const out = [
    `Hi ${firstName},`,
    "",
    `${c.brand.name}, ${windowLabel(c.window)} (UTC), compared with ${windowLabel(c.previous)}:`,
    "",
  ];
  for (const l of lines) out.push(`- ${l.label}: ${l.value} (${l.change})`, `  ${l.link}`);
  if (c.topPost) {
    const rate =
      c.topPost.engagementRate === null ? "" : `, engagement rate ${percent(c.topPost.engagementRate)}`;
    out.push(
      "",
      `Top post: ${networkName[c.topPost.platform]}, ${dayLabel(c.topPost.publishedAt.slice(0, 10))}${rate}`,
      `  ${c.topPost.url}`,
    );
  }
  if (c.breakout) {
    out.push(
      "",
      `Competitor breakout: ${c.breakout.companyName} on ${networkName[c.breakout.platform]}, engagement rate ${percent(c.breakout.engagementRate)} (z ${c.breakout.z.toFixed(1)})`,
      `  ${c.breakout.url}`,
    );
  }
  if (c.keywords.new.length > 0) out.push("", `New keywords: ${c.keywords.new.join(", ")}`);
  if (c.keywords.rising.length > 0) {
    out.push(
      `Rising keywords: ${c.keywords.rising.map((k) => `${k.keyword} (${k.previous} → ${k.count})`).join(", ")}`,
    );
  }
  if (c.failedSources.length > 0) {
    out.push(
      "",
      "Sources that failed:",
      ...c.failedSources.map((s) => `- ${sourceLabel[s.source]}: ${s.problem}`),
    );
    out.push(`  ${c.links.dataSources}`);
  }
  if (report) out.push("", report);
  out.push("", `Change when this digest arrives, or stop it: ${links.preferences}`);
  return out.join("\n");
}

/** The digest's own content, inside the shared shell (after its masthead). */
function htmlContent(
  c: DigestContent,
  lines: Line[],
  links: DigestLinks,
  look: EmailLook,
  p: { firstName: string; charts: { cid: string; alt: string }[]; report: string | undefined },
): ReactNode[] {
  const text = (children: ReactNode, style = styles.text, className: string = emailClass.text) =>
    h(Text, { style, className }, children);
  const link = (href: string, label: string) => h(Link, { href, style: { color: look.accent } }, label);
  return [
    h(
      Heading,
      {
        as: "h1",
        style: { ...styles.text, fontSize: "20px", fontWeight: 600 },
        className: emailClass.text,
      },
      `${c.brand.name}: your week`,
    ),
    text(
      `Hi ${p.firstName}, here is what changed between ${windowLabel(c.window)} (UTC), compared with the seven days before.`,
    ),
    h(
      Section,
      null,
      ...lines.map((l) =>
        h(
          TableRow,
          { key: l.label, style: { borderTop: "1px solid #e5e7eb", padding: "8px 0" } },
          h(
            Column,
            { key: "label" },
            text(l.label, { ...styles.text, margin: "0" }),
            h(
              Text,
              { style: styles.muted, className: emailClass.muted },
              l.change,
              " · ",
              link(l.link, "Open"),
            ),
          ),
          h(
            Column,
            { key: "value", style: { width: "35%" } },
            h(Text, { style: styles.value, className: emailClass.value }, l.value),
          ),
        ),
      ),
    ),
    ...p.charts.map((chart) =>
      h(Img, {
        key: chart.cid,
        src: `cid:${chart.cid}`,
        alt: chart.alt,
        width: 480,
        style: { width: "100%", maxWidth: "480px", margin: "16px 0" },
      }),
    ),
    c.topPost
      ? text([
          `Top post: ${networkName[c.topPost.platform]}, ${dayLabel(c.topPost.publishedAt.slice(0, 10))}`,
          c.topPost.engagementRate === null ? "" : `, engagement rate ${percent(c.topPost.engagementRate)}. `,
          link(c.topPost.url, "See the post"),
        ])
      : null,
    c.breakout
      ? text([
          `Competitor breakout: ${c.breakout.companyName} on ${networkName[c.breakout.platform]}, engagement rate ${percent(c.breakout.engagementRate)}. `,
          link(c.breakout.url, "See the post"),
        ])
      : null,
    c.keywords.new.length > 0 ? text(`New keywords: ${c.keywords.new.join(", ")}`) : null,
    c.keywords.rising.length > 0
      ? text(
          `Rising keywords: ${c.keywords.rising.map((k) => `${k.keyword} (${k.previous} → ${k.count})`).join(", ")}`,
        )
      : null,
    c.failedSources.length > 0
      ? h(
          Section,
          null,
          text("Sources that failed:"),
          ...c.failedSources.map((s) => text(`${sourceLabel[s.source]}: ${s.problem}`)),
          text(link(c.links.dataSources, "Open Data sources")),
        )
      : null,
    p.report ? text(p.report) : null,
    h(Hr, { style: { borderColor: "#e5e7eb", margin: "24px 0" } }),
    h(
      Text,
      { style: styles.muted, className: emailClass.muted },
      "You get this digest because it is on in your Brandscope settings. ",
      link(links.preferences, "Change when it arrives, or stop it"),
    ),
  ];
}

/** The week's digest, with its charts as inline images and, when the member asked for it, the week's PDF report. */
export async function digestEmail(
  c: DigestContent,
  p: {
    to: string;
    firstName: string;
    links: DigestLinks;
    look: EmailLook;
    report?: AttachedReport | undefined;
  },
): Promise<Mail> {
  const lines = linesOf(c);
  const report = reportSentence(p.report);
  const weekRows = [
    { label: "Posts", ...c.posts },
    { label: "Engagement rate", ...c.engagementRate },
    { label: "Share of voice", ...c.shareOfVoice },
  ];
  const charts: { image: InlineImage; alt: string }[] = [
    {
      image: await chartImage("digest-week", pairedBarsSvg(weekRows, p.look.accent)),
      alt: `Bars of this week against the week before: ${weekRows.map((r) => r.label).join(", ")}. The figures are in the list above.`,
    },
  ];
  if (c.followers.length > 0) {
    charts.push({
      image: await chartImage(
        "digest-followers",
        pairedBarsSvg(
          c.followers.map((f) => ({ label: f.platform, ...f })),
          p.look.accent,
        ),
      ),
      alt: `Followers per network, the week before against this week: ${c.followers.map((f) => networkName[f.platform]).join(", ")}. The figures are in the list above.`,
    });
  }
  const html = await renderEmailShell({
    look: p.look,
    preview: `${c.brand.name}: your week in figures, ${windowLabel(c.window)}`,
    children: htmlContent(c, lines, p.links, p.look, {
      firstName: p.firstName,
      charts: charts.map((x) => ({ cid: x.image.cid, alt: x.alt })),
      report,
    }),
  });
  return {
    to: p.to,
    subject: `${c.brand.name}: your week in figures (${windowLabel(c.window)})`,
    text: textPart(c, lines, p.links, p.firstName, report),
    html,
    inlineImages: [...shellImages(p.look), ...charts.map((x) => x.image)],
    ...(p.report?.pdf ? { attachments: [p.report.pdf] } : {}),
    headers: unsubscribeHeaders(p.links.unsubscribe),
  };
}

/** The week had nothing to tell: said once, with why, then the digest stays silent until there is news. */
export async function nothingNewEmail(
  c: DigestContent,
  p: { to: string; firstName: string; links: DigestLinks; look: EmailLook },
): Promise<Mail> {
  const lead = `Nothing new for ${c.brand.name} between ${windowLabel(c.window)} (UTC), so there is no digest this week.`;
  const after = "We will not write again until there is something to tell.";
  const text = (children: ReactNode, key?: string) =>
    h(Text, { key, style: styles.text, className: emailClass.text }, children);
  const link = (href: string, label: string) => h(Link, { href, style: { color: p.look.accent } }, label);
  const html = await renderEmailShell({
    look: p.look,
    children: [
      text(`Hi ${p.firstName},`),
      text(lead),
      ...c.whyNothing.map((w) => text(w, w)),
      text(after),
      h(
        Text,
        { style: styles.muted, className: emailClass.muted },
        link(c.links.dataSources, "Open Data sources"),
        " · ",
        link(p.links.preferences, "Change or stop this digest"),
      ),
    ],
  });
  const plain = [
    `Hi ${p.firstName},`,
    "",
    lead,
    "",
    ...c.whyNothing.flatMap((w) => [w, ""]),
    after,
    "",
    `Data sources: ${c.links.dataSources}`,
    `Change or stop this digest: ${p.links.preferences}`,
  ].join("\n");
  return {
    to: p.to,
    subject: `${c.brand.name}: nothing new this week`,
    text: plain,
    html,
    inlineImages: shellImages(p.look),
    headers: unsubscribeHeaders(p.links.unsubscribe),
  };
}
