import type { components } from "@brandscope/api-client/schema";
import { PDFParse } from "pdf-parse";
import { describe, expect, it } from "vitest";
import { pdfText, renderReportPdf } from "./report-pdf";

type Schemas = components["schemas"];

// Issue 32, the PDF: names in scripts beyond Windows-1252 keep their letters (docs/shared-reports.md "The font").

const keyword = (name: string): Schemas["Keyword"] => ({
  keyword: name,
  country: "PL",
  volume: 1200,
  cpc: 0.45,
  currency: "PLN",
  competition: 0.3,
  trend: [],
});

const NAMES = [
  "Kawiarnia Łódź – żółć gęślą jaźń",
  "İstanbul kahvesi, Şişli ğ",
  "Příliš žluťoučký kůň úpěl ďábelské ódy",
  "Καφές Αθήνα",
  "Кофейня Москва",
  "Cà phê Việt Nam",
];

async function textOf(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe("the report PDF's font", () => {
  it("keeps Polish, Turkish, Czech, Greek, Cyrillic and Vietnamese letters, and says which characters it cannot show", async () => {
    const view: Schemas["SharedReportView"] = {
      module: "intent",
      brandName: "Łódź Roasters",
      workspaceName: "İzmir Kahve Ajansı",
      window: { from: "2026-11-23", to: "2026-11-29" },
      expiresAt: "2026-12-31T00:00:00.000Z",
      branding: null,
      intent: {
        keywordData: [...NAMES, "東京 コーヒー", "kawa ☕️"].map(keyword),
        provenance: {
          source: "csv_import",
          sourceName: "Planer słów kluczowych.csv",
          dataAsOf: "2026-11-29T12:00:00.000Z",
          computedAt: "2026-11-30T06:00:00.000Z",
          stale: false,
        },
      },
    };
    const pdf = await renderReportPdf({
      view,
      moduleTitle: "Intent",
      logo: undefined,
      headlineChart: undefined,
      generatedAt: new Date("2026-11-30T08:00:00.000Z"),
    });
    // The font is embedded (a subset of its letters), not one of the standard fourteen.
    expect(pdf.toString("latin1")).toMatch(/\/FontFile2/);
    expect(pdf.toString("latin1")).not.toMatch(/\/BaseFont \/Helvetica/);
    const text = (await textOf(pdf)).replace(/\s+/g, " ");
    expect(text).toContain("Łódź Roasters: Intent");
    expect(text).toContain("Shared by İzmir Kahve Ajansı.");
    expect(text).toContain("Period: 23 Nov 2026 to 29 Nov 2026");
    expect(text).toContain("Planer słów kluczowych.csv");
    for (const name of NAMES) expect(text).toContain(name.slice(0, 18));
    // CJK and emoji: written as "?" and said, not drawn as empty boxes.
    expect(text).toContain("?? ????");
    expect(text).toContain("kawa ?");
    expect(text).toContain(
      'Some names hold Chinese, Japanese or Korean characters and emoji, which this PDF\'s font cannot show: each is written as "?".',
    );
  });

  it("writes a character the font lacks as '?', and keeps the others", () => {
    const missing = new Set<string>();
    expect(pdfText("Łódź 東京 🙂\tok", missing)).toBe("Łódź ?? ? ok");
    expect([...missing]).toEqual(["Chinese, Japanese or Korean characters", "emoji"]);
  });
});
