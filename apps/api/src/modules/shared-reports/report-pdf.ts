import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { components } from "@brandscope/api-client/schema";
import * as fontkit from "fontkit";
import PDFDocument from "pdfkit";
import { dayLabel } from "../analytics";

type Schemas = components["schemas"];
type View = Schemas["SharedReportView"];
type Figure = Schemas["Figure"];

/**
 * A shared report as a PDF (issue 32, part 2: docs/shared-reports.md "The PDF"), made on the server with pdfkit: text as
 * text (a reader can search and copy it), bars drawn as vector rectangles, the headline figures' chart as the
 * digest's PNG, the workspace's logo where its plan applies branding. The text is set in Noto Sans, embedded (docs/shared-reports.md
 * "The font"), so brand names and post titles in Latin scripts beyond Western Europe's, Greek and Cyrillic keep
 * their letters; what it has no letter for (Chinese, Japanese and Korean scripts, emoji) is written as "?" and
 * the PDF says so.
 */
/** What the PDF shows of a report: a shared link's view, or the weekly digest's week (no link, no expiry). */
export type ReportView = Omit<View, "module" | "expiresAt">;

export interface ReportPdfInput {
  view: ReportView;
  /** Who the report is from, under the period; "Shared by <workspace>." unless given. */
  byline?: string;
  moduleTitle: string;
  /** The workspace's logo as PNG, when its plan applies branding. */
  logo: Buffer | undefined;
  /** The headline figures' paired bars as PNG (modules/digest/charts.ts), for modules that have headline figures. */
  headlineChart: Buffer | undefined;
  generatedAt: Date;
}

const DEFAULT_ACCENT = "#0f766e";
const INK = "#111827";
const MUTED = "#6b7280";
const MARGIN = 48;

/**
 * Noto Sans (SIL Open Font License 1.1), regular and bold, from the @expo-google-fonts/noto-sans package's TrueType
 * files: Latin with its extensions (Polish, Turkish, Czech, Vietnamese…), Greek and Cyrillic. pdfkit embeds only the
 * letters a document uses, with their Unicode mapping, so a reader copies and searches the text as written. Read
 * once, on the first PDF.
 */
interface ReportFonts {
  regular: Buffer;
  bold: Buffer;
  /** Whether both weights have a letter for the code point. */
  covers: (codePoint: number) => boolean;
}
let loadedFonts: ReportFonts | undefined;
function reportFonts(): ReportFonts {
  if (loadedFonts) return loadedFonts;
  const require = createRequire(import.meta.url);
  const read = (weight: string) =>
    readFileSync(require.resolve(`@expo-google-fonts/noto-sans/${weight}/NotoSans_${weight}.ttf`));
  const regular = read("400Regular");
  const bold = read("700Bold");
  const faces = [regular, bold].map((file) => {
    const face = fontkit.create(file);
    if (!("hasGlyphForCodePoint" in face)) throw new Error("Noto Sans is a single font, not a collection");
    return face;
  });
  loadedFonts = {
    regular,
    bold,
    covers: (codePoint) => faces.every((face) => face.hasGlyphForCodePoint(codePoint)),
  };
  return loadedFonts;
}

const REGULAR = "NotoSans";
const BOLD = "NotoSans-Bold";

/** What a character the font has no letter for is, in words, for the PDF's note. */
function scriptOf(character: string): string {
  if (/\p{Extended_Pictographic}/u.test(character)) return "emoji";
  if (/[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}\p{scx=Bopomofo}]/u.test(character))
    return "Chinese, Japanese or Korean characters";
  return "characters of other scripts";
}

/**
 * The text as the embedded font can draw it: a character it has no letter for is written as "?" (never as an empty
 * box or a wrong letter), and what kind of character it was is added to `missing` for the PDF's note. Control
 * characters go too.
 */
export function pdfText(text: string, missing?: Set<string>): string {
  const { covers } = reportFonts();
  return [...text]
    .map((c) => {
      const codePoint = c.codePointAt(0) ?? 0;
      if (codePoint < 0x20) return " ";
      if (covers(codePoint)) return c;
      // Invisible joiners and variation selectors (emoji sequences) are dropped, not shown as "?".
      if (/[\u200d\ufe0e\ufe0f]/.test(c)) return "";
      missing?.add(scriptOf(c));
      return "?";
    })
    .join("");
}

// The app's formats (apps/web/src/features/modules/format.ts), so the PDF's figures read as on the page.
const percent = (value: number | null | undefined, decimals = 1) =>
  value === null || value === undefined
    ? "n/a"
    : `${(value * 100).toLocaleString("en-US", { maximumFractionDigits: decimals, useGrouping: false })}%`;
const decimal = (value: number | null | undefined) =>
  value === null || value === undefined ? "n/a" : value.toLocaleString("en-US", { maximumFractionDigits: 2 });
const whole = (value: number | null | undefined) =>
  value === null || value === undefined ? "n/a" : Math.round(value).toLocaleString("en-US");

/** 'Posts per week: 1 (previous period 0.5)' from a headline figure; why it is missing when it is. */
export function figureLine(label: string, figure: Figure, format: (v: number | null) => string): string {
  if (figure.value === null) return `${label}: n/a${figure.reason ? ` (${figure.reason})` : ""}`;
  const previous = figure.previous === null ? "" : ` (previous period ${format(figure.previous)})`;
  return `${label}: ${format(figure.value)}${previous}`;
}

/** What each module's headline figures are, for the text and the digest's chart. */
export function headlineFigures(
  view: ReportView,
): { label: string; figure: Figure; format: (v: number | null) => string }[] {
  if (view.content) {
    return [
      { label: "Posts per week", figure: view.content.audit.postsPerWeek, format: decimal },
      { label: "Engagement rate", figure: view.content.audit.engagementRate, format: (v) => percent(v, 2) },
    ];
  }
  return [];
}

function sourcesOf(view: ReportView): string[] {
  const provenance =
    view.content?.provenance ??
    view.competitors?.common.provenance ??
    view.audience?.provenance ??
    view.intent?.provenance;
  const lines = view.content?.sources.map((s) => s.label) ?? [];
  if (provenance) {
    const from =
      provenance.source === "sample"
        ? "Sample data"
        : provenance.source === "csv_import"
          ? `CSV import${provenance.sourceName ? ` (${provenance.sourceName})` : ""}`
          : provenance.source === "website"
            ? "The brand's website"
            : "Data provider";
    const asOf = provenance.dataAsOf ? `, data as of ${dayLabel(provenance.dataAsOf.slice(0, 10))}` : "";
    lines.push(`${from}${asOf}; figures computed ${dayLabel(provenance.computedAt.slice(0, 10))}`);
  }
  return lines.length > 0 ? lines : ["No source holds data for this report yet."];
}

interface Bar {
  label: string;
  value: number;
  text: string;
}

export function renderReportPdf(input: ReportPdfInput): Promise<Buffer> {
  const { view } = input;
  const accent = view.branding?.accentColor ?? DEFAULT_ACCENT;
  const title = `${view.brandName}: ${input.moduleTitle}`;
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: {
      // The document's properties are written as UTF-16 by pdfkit: any script, no font needed.
      Title: title,
      Author: view.workspaceName,
      Subject: `${dayLabel(view.window.from)} to ${dayLabel(view.window.to)}`,
      Creator: "Brandscope",
    },
  });
  const fonts = reportFonts();
  doc.registerFont(REGULAR, fonts.regular);
  doc.registerFont(BOLD, fonts.bold);
  /** The kinds of characters written as "?", for the note at the end. */
  const missing = new Set<string>();
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  const text = (value: string, o: { size?: number; color?: string; bold?: boolean; gap?: number } = {}) => {
    doc
      .font(o.bold ? BOLD : REGULAR)
      .fontSize(o.size ?? 10)
      .fillColor(o.color ?? INK)
      .text(pdfText(value, missing), { width });
    if (o.gap) doc.moveDown(o.gap);
  };
  const heading = (value: string) => {
    if (doc.y > doc.page.height - MARGIN - 120) doc.addPage();
    doc.moveDown(0.8);
    text(value, { size: 13, bold: true, gap: 0.3 });
  };
  /** Horizontal bars as vector rectangles, each with its label and value as text. */
  const bars = (items: Bar[], state?: { status: string; reason?: string | null }) => {
    if (state && state.status !== "ok" && state.status !== "stale" && state.reason) {
      text(state.reason, { color: MUTED });
      return;
    }
    const max = Math.max(0, ...items.map((i) => i.value));
    const labelWidth = 150;
    const valueWidth = 70;
    const barSpace = width - labelWidth - valueWidth - 12;
    for (const item of items) {
      if (doc.y > doc.page.height - MARGIN - 20) doc.addPage();
      const y = doc.y;
      doc.font(REGULAR).fontSize(9).fillColor(INK);
      doc.text(pdfText(item.label, missing), MARGIN, y, {
        width: labelWidth - 6,
        lineBreak: false,
        ellipsis: true,
      });
      const length = max > 0 ? Math.max(1, (barSpace * item.value) / max) : 0;
      if (length > 0) doc.rect(MARGIN + labelWidth, y + 1, length, 9).fill(accent);
      doc.fillColor(INK).text(pdfText(item.text, missing), MARGIN + labelWidth + barSpace + 12, y, {
        width: valueWidth,
        align: "right",
      });
      doc.x = MARGIN;
      doc.y = y + 15;
    }
    if (items.length === 0) text("Nothing in this period.", { color: MUTED });
  };
  const table = (head: string[], rows: string[][]) => {
    const column = width / head.length;
    const row = (cells: string[], bold: boolean) => {
      if (doc.y > doc.page.height - MARGIN - 20) doc.addPage();
      const y = doc.y;
      doc
        .font(bold ? BOLD : REGULAR)
        .fontSize(9)
        .fillColor(INK);
      cells.forEach((cell, i) => {
        doc.text(pdfText(cell, missing), MARGIN + i * column, y, {
          width: column - 6,
          lineBreak: false,
          ellipsis: true,
        });
      });
      doc.x = MARGIN;
      doc.y = y + 15;
    };
    row(head, true);
    for (const cells of rows) row(cells, false);
    if (rows.length === 0) text("Nothing to show.", { color: MUTED });
  };

  // The header: the workspace's logo (or Brandscope's name), the report, its period, over a rule in the accent.
  if (input.logo) {
    doc.image(input.logo, MARGIN, MARGIN, { fit: [160, 48] });
    doc.y = MARGIN + 56;
  } else {
    text("Brandscope", { size: 14, bold: true, color: accent, gap: 0.4 });
  }
  text(title, { size: 20, bold: true, gap: 0.2 });
  text(`Period: ${dayLabel(view.window.from)} to ${dayLabel(view.window.to)}`, { size: 11 });
  text(
    `${input.byline ?? `Shared by ${view.workspaceName}.`} Made ${dayLabel(input.generatedAt.toISOString().slice(0, 10))}, with the figures as they stood then.`,
    { size: 9, color: MUTED, gap: 0.4 },
  );
  doc.rect(MARGIN, doc.y, width, 3).fill(accent);
  doc.fillColor(INK);
  doc.y += 10;

  const headlines = headlineFigures(view);
  if (headlines.length > 0) {
    heading("Headline figures");
    for (const h of headlines) text(figureLine(h.label, h.figure, h.format), { size: 11 });
    if (input.headlineChart) {
      doc.moveDown(0.4);
      text(
        `${headlines.map((h) => h.label).join(", then ")}: the previous period (grey) above this period, each pair on its own scale.`,
        {
          size: 8,
          color: MUTED,
        },
      );
      // Placed in the flow (no coordinates), so what follows starts below it.
      doc.x = MARGIN;
      doc.image(input.headlineChart, { width: 240 });
    }
  }

  if (view.content) {
    const c = view.content;
    heading("Content by network");
    bars(
      c.contentBreakdown.items.map((i) => ({ label: i.label, value: i.count, text: `${i.count} posts` })),
      c.contentBreakdown,
    );
    heading("Keywords");
    bars(
      c.keywordAnalysis.items
        .slice(0, 12)
        .map((i) => ({ label: i.keyword, value: i.count, text: `${i.count} posts` })),
      c.keywordAnalysis,
    );
  }
  if (view.competitors) {
    const companies = [view.competitors.common.brand, ...view.competitors.competitors];
    const nameOf = (id: string) => companies.find((c) => c.id === id)?.name ?? "Another company";
    const all = view.competitors.shareOfVoice.scopes[0];
    for (const [name, set] of [
      ["Share of engagement", all?.engagement],
      ["Share of posts", all?.posts],
      ["Share of audience", all?.audience],
    ] as const) {
      heading(`${name} (all platforms)`);
      bars(
        (set?.shares ?? []).map((s) => ({
          label: nameOf(s.companyId),
          value: s.share,
          text: percent(s.share),
        })),
      );
    }
  }
  if (view.audience) {
    heading("Personas");
    table(
      ["Persona", "Age", "Share of audience", "Engagement rate"],
      view.audience.results.map((p) => [
        p.name,
        `${p.ageMin}-${p.ageMax}`,
        percent(p.share, 0),
        percent(p.engagementRate, 2),
      ]),
    );
    if (view.audience.limited) text("The workspace's plan shows the top 3.", { color: MUTED });
  }
  if (view.influencers) {
    heading("Influencers");
    table(
      ["Influencer", "Platform", "Followers", "Engagement rate"],
      view.influencers.results.map((i) => [
        `${i.name} (${i.handle})`,
        i.platform,
        whole(i.followers),
        percent(i.engagementRate, 2),
      ]),
    );
    if (view.influencers.limited) text("The workspace's plan shows the top 3.", { color: MUTED });
  }
  if (view.intent) {
    heading("Keywords");
    table(
      ["Keyword", "Monthly searches", "Cost per click", "Competition"],
      view.intent.keywordData.map((k) => [
        k.keyword,
        whole(k.volume),
        k.cpc === null ? "n/a" : `${k.cpc.toFixed(2)} ${k.currency}`,
        percent(k.competition, 0),
      ]),
    );
  }

  heading("Sources");
  for (const line of sourcesOf(view)) text(line, { size: 9 });
  if (missing.size > 0) {
    doc.moveDown(0.8);
    text(
      `Some names hold ${[...missing].join(" and ")}, which this PDF's font cannot show: each is written as "?". The report's page in Brandscope shows them as written.`,
      { size: 9, color: MUTED },
    );
  }
  doc.end();
  return done;
}
