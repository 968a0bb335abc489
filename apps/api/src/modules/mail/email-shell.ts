import { Body, Container, Head, Html, Img, Preview, Text } from "@react-email/components";
import { render } from "@react-email/render";
import { createElement as h, type ReactNode } from "react";
import type { InlineImage } from "../../lib/mailer";

/**
 * The one shell of the e-mails built with React Email's components, the weekly digest
 * (apps/api/src/modules/digest/digest-email.ts) and the alerts (apps/api/src/modules/alerts/alert-email.ts): the
 * page, its card, the dark-mode rules, and at the top the workspace's logo or the Brandscope name in its accent.
 * Each message puts only its own content inside (docs/alerts.md "E-mail", docs/digest.md "The e-mail").
 */

/** Brandscope's own accent, the e-mails' link colour without custom branding. */
export const DEFAULT_ACCENT = "#3730a3";

/**
 * How a workspace's e-mails look: its accent and logo on a plan with custom branding (Professional and Enterprise),
 * Brandscope's otherwise (`modules/branding/email-look.ts` decides).
 */
export interface EmailLook {
  accent: string;
  /** An inline PNG the HTML shows as `cid:<cid>`, with its alternative text. */
  logo: (InlineImage & { alt: string }) | undefined;
}

export const BRANDSCOPE_LOOK: EmailLook = { accent: DEFAULT_ACCENT, logo: undefined };

export const emailStyles = {
  body: { margin: 0, padding: "24px 0", backgroundColor: "#f5f5f7", fontFamily: "Inter, Arial, sans-serif" },
  card: {
    maxWidth: "560px",
    margin: "0 auto",
    backgroundColor: "#ffffff",
    borderRadius: "8px",
    padding: "32px",
  },
  text: { color: "#1f2937", fontSize: "15px", lineHeight: "22px", margin: "0 0 12px" },
  muted: { color: "#4b5563", fontSize: "13px", lineHeight: "20px", margin: "0" },
  value: { color: "#111827", fontSize: "18px", fontWeight: 600, margin: "0", textAlign: "right" as const },
};

/** The class names the dark-mode rules (DARK_CSS) restyle: set each text's with its inline style. */
export const emailClass = {
  body: "email-body",
  card: "email-card",
  text: "email-text",
  muted: "email-muted",
  value: "email-value",
} as const;

// Dark mode: clients that honour prefers-color-scheme get dark surfaces with light text; those that invert colours
// themselves find no light-on-light pair to break, as every text sits on a surface set with it.
const DARK_CSS = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .${emailClass.body} { background-color: #111827 !important; }
  .${emailClass.card} { background-color: #1f2937 !important; }
  .${emailClass.text}, .${emailClass.value} { color: #f9fafb !important; }
  .${emailClass.muted} { color: #d1d5db !important; }
}`;

/** The workspace's logo, or the Brandscope name in the accent, above every message. */
function masthead(look: EmailLook): ReactNode {
  if (look.logo) {
    return h(Img, {
      src: `cid:${look.logo.cid}`,
      alt: look.logo.alt,
      height: 48,
      style: { maxWidth: "240px", marginBottom: "24px" },
    });
  }
  return h(
    Text,
    { style: { ...emailStyles.text, color: look.accent, fontWeight: 600, fontSize: "18px" } },
    "Brandscope",
  );
}

/**
 * Renders a message's content inside the shell. `preview` is the line mail clients show after the subject; the
 * content comes after the masthead, in the card.
 */
export async function renderEmailShell(p: {
  look: EmailLook;
  preview?: string;
  children: ReactNode[];
}): Promise<string> {
  return render(
    h(
      Html,
      { lang: "en" },
      h(
        Head,
        null,
        h("meta", { name: "color-scheme", content: "light dark" }),
        h("meta", { name: "supported-color-schemes", content: "light dark" }),
        h("style", null, DARK_CSS),
      ),
      p.preview === undefined ? null : h(Preview, null, p.preview),
      h(
        Body,
        { style: emailStyles.body, className: emailClass.body },
        h(
          Container,
          { style: emailStyles.card, className: emailClass.card },
          masthead(p.look),
          ...p.children,
        ),
      ),
    ) as Parameters<typeof render>[0],
  );
}

/** The shell's pictures to attach inline: the logo its HTML shows, if any. */
export function shellImages(look: EmailLook): InlineImage[] {
  if (!look.logo) return [];
  const { cid, filename, contentType, base64 } = look.logo;
  return [{ cid, filename, contentType, base64 }];
}

/** RFC 8058: the one-click POST target, which mail clients show as their own "Unsubscribe" button. */
export const unsubscribeHeaders = (url: string) => ({
  "List-Unsubscribe": `<${url}>`,
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
});
