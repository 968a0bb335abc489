import { describe, expect, it } from "vitest";
import { ExportFormatError, parseExport } from "./parse-export";
import type { KeywordRow, PostRow, SearchQueryRow } from "./types";

const utf8 = (text: string) => new TextEncoder().encode(text);
const utf16le = (text: string) => {
  const body = Buffer.from(text, "utf16le");
  return new Uint8Array([0xff, 0xfe, ...body]);
};
const GSC = "Top queries,Clicks,Impressions,CTR,Position";
const KP_HEADER =
  "Keyword\tCurrency\tAvg. monthly searches\tThree month change\tYoY change\tCompetition\t" +
  "Competition (indexed value)\tTop of page bid (low range)\tTop of page bid (high range)\t" +
  "Searches: Jul 2026\tSearches: Aug 2026";

describe("container variants", () => {
  it("reads CRLF and LF the same way", () => {
    const lf = parseExport(utf8(`${GSC}\na,1,10,10%,2.5\nb,2,20,5%,3\n`), "Queries.csv");
    const crlf = parseExport(utf8(`${GSC}\r\na,1,10,10%,2.5\r\nb,2,20,5%,3\r\n`), "Queries.csv");
    expect(crlf.file.lineEnding).toBe("crlf");
    expect(lf.file.lineEnding).toBe("lf");
    expect(crlf.rows).toEqual(lf.rows);
    expect(crlf.rows[1]).toMatchObject({ line: 3, query: "b", ctr: 0.05 });
  });

  it("Keyword Planner re-saved with CRLF and without its two title lines", () => {
    const file = utf16le(
      `${KP_HEADER}\r\ncold brew\tUSD\t49500\t22%\t-33%\tHigh\t80\t0.62\t3.3\t100\t200\r\n`,
    );
    const result = parseExport(file, "Keyword Stats.csv");
    expect(result.format).toBe("google-ads-keyword-planner");
    expect(result.headerLine).toBe(1);
    expect(result.rows[0]).toMatchObject({ line: 2, volume: 49500, yoyChange: -0.33, cpcHigh: 3.3 });
  });

  it("Keyword Planner from a French UI: decimal commas and translated competition", () => {
    const text = `Keyword Stats 2026-09-14\n"1 sept. 2025 - 31 août 2026"\n${KP_HEADER}\ncafé\tEUR\t1600\t0%\t0%\tÉlevée\t90\t0,45\t1,87\t1300\t1600\n`;
    const row = parseExport(utf16le(text), "Keyword Stats.csv").rows[0] as KeywordRow;
    expect(row).toMatchObject({ keyword: "café", cpcLow: 0.45, cpcHigh: 1.87, competition: "high", line: 4 });
  });

  it("Keyword Planner bucketed volumes become flagged ranges", () => {
    const text = `${KP_HEADER}\nniche\tUSD\t500\t\t\tLow\t3\t\t\t\t\nzero\tUSD\t0\t\t\tLow\t3\t\t\t\t\n`;
    const rows = parseExport(utf16le(text), "k.csv").rows as KeywordRow[];
    expect(rows[0]).toMatchObject({
      volume: null,
      volumeRange: { min: 100, max: 1000 },
      volumeIsEstimate: true,
    });
    expect(rows[1]).toMatchObject({ volume: null, volumeRange: { min: 0, max: 10 }, volumeIsEstimate: true });
  });

  it("finds a header moved to row 3 and tolerates reordered, extra and missing metric columns", () => {
    const text = `Exported by a tool\n\n"Position",Extra,"Top queries",Clicks,Impressions\n8.36,x,cold brew ratio,31,2950\n`;
    const result = parseExport(utf8(text), "q.csv");
    expect(result.headerLine).toBe(3);
    expect(result.rows[0]).toMatchObject({ query: "cold brew ratio", position: 8.36, ctr: null, line: 4 });
  });

  it("matches headers trimmed and case-insensitively", () => {
    const text = "  TOP QUERIES , clicks ,IMPRESSIONS\nx,1,2\n";
    expect(parseExport(utf8(text), "q.csv").rows[0]).toMatchObject({ query: "x", clicks: 1, impressions: 2 });
  });

  it("quoted fields holding commas, doubled quotes and line breaks", () => {
    const text = `${GSC}\n"a, b ""c""\nd",1,10,"1,5%",2\n`;
    const row = parseExport(utf8(text), "q.csv").rows[0] as SearchQueryRow;
    expect(row).toMatchObject({ query: 'a, b "c"\nd', ctr: 0.015, line: 2 });
  });

  it("decimal commas and thousands separators from a re-saved, semicolon-separated file", () => {
    const text = "Top queries;Clicks;Impressions;CTR;Position\ncafé;1.234;12 345;39,88 %;8,36\n";
    const result = parseExport(utf8(text), "q.csv");
    expect(result.file.delimiter).toBe(";");
    expect(result.rows[0]).toMatchObject({ clicks: 1234, impressions: 12345, ctr: 0.3988, position: 8.36 });
  });

  it("cp1252 bytes that are not UTF-8", () => {
    // "café" with é as the single byte 0xE9, and a cp1252 en dash 0x96.
    const bytes = new Uint8Array([...utf8(`${GSC}\ncaf`), 0xe9, 0x20, 0x96, ...utf8(" latte,1,2,3%,4\n")]);
    const result = parseExport(bytes, "q.csv");
    expect(result.file.encoding).toBe("windows-1252");
    expect((result.rows[0] as SearchQueryRow).query).toBe("café – latte");
  });

  it("a broken number or date is a per-row error with its line; other rows still parse", () => {
    const text = [
      '"Post ID","Page ID","Publish time",Permalink,Reactions,Comments',
      '1,9,"09/12/2026 08:30",https://f.example/1,"lots",2',
      '2,9,"09/12/2026 08:30",https://f.example/2,5,1',
      '3,9,"31/12/2026 08:30",https://f.example/3,5,1',
      ',9,"09/12/2026 08:30",https://f.example/4,5,1',
    ].join("\n");
    const result = parseExport(utf8(text), "fb.csv");
    expect((result.rows as PostRow[]).map((r) => r.externalId)).toEqual(["2"]);
    expect(result.errors).toEqual([
      { row: 2, column: "Reactions", message: '"lots" is not a number' },
      { row: 4, column: "Publish time", message: '"31/12/2026 08:30" is not a valid date' },
      { row: 5, column: "Post ID", message: "missing required cell Post ID" },
    ]);
  });
});

describe("whole-file refusals", () => {
  const code = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      expect(error).toBeInstanceOf(ExportFormatError);
      return { code: (error as ExportFormatError).code, message: (error as Error).message };
    }
    throw new Error("expected a refusal");
  };

  it("refuses the LinkedIn .xls workbook by name and by its bytes", () => {
    const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    const refused = code(() => parseExport(ole, "lumora_content_1757800000.xls"));
    expect(refused.code).toBe("UNSUPPORTED_CONTAINER");
    expect(refused.message).toMatch(/\.xls workbook.*save the "All posts"/);
  });

  it("lists what it recognised when no header matches", () => {
    const refused = code(() => parseExport(utf8("Post ID,Publish time,Permalink\n1,2,3\n"), "x.csv"));
    expect(refused.code).toBe("UNRECOGNISED_FORMAT");
    expect(refused.message).toContain("utf-8, comma-separated");
    expect(refused.message).toContain("Meta Facebook posts (missing Page ID)");
  });

  it("needs a reference date for TikTok's year-less dates", () => {
    const text = '"Date","Followers","Difference in followers from previous day"\n"September 7","1","1"';
    expect(code(() => parseExport(utf8(text), "FollowerHistory.csv")).code).toBe("REFERENCE_DATE_REQUIRED");
  });

  it("reports an unclosed quote with its line", () => {
    const refused = code(() => parseExport(utf8(`${GSC}\n"open,1,2,3%,4\n`), "q.csv"));
    expect(refused).toMatchObject({ code: "MALFORMED_CSV" });
    expect(refused.message).toContain("line");
  });
});
