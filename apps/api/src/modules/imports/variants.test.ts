import { describe, expect, it } from "vitest";
import { ExportFormatError, MAX_CELL_CHARS, MAX_LINES, parseExport } from "./parse-export";
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
    expect(crlf.file?.lineEnding).toBe("crlf");
    expect(lf.file?.lineEnding).toBe("lf");
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

  const NO_MONTHS =
    "Keyword\tCurrency\tAvg. monthly searches\tCompetition\tTop of page bid (low range)\tTop of page bid (high range)";

  it("Keyword Planner without monthly columns, every volume on a bucket: read as ranges", () => {
    const text = `${NO_MONTHS}\na\tUSD\t50000\tLow\t\t\nb\tUSD\t10\tHigh\t1\t2\nc\tUSD\t5000000\tLow\t\t\nd\tUSD\t\tLow\t\t\n`;
    const rows = parseExport(utf16le(text), "k.csv").rows as KeywordRow[];
    expect(rows.map((r) => [r.volume, r.volumeRange])).toEqual([
      [null, { min: 10_000, max: 100_000 }],
      [null, { min: 0, max: 10 }],
      [null, { min: 1_000_000, max: 10_000_000 }],
      [null, null],
    ]);
  });

  it("Keyword Planner with one volume off the buckets stays exact", () => {
    const text = `${NO_MONTHS}\na\tUSD\t50000\tLow\t\t\nb\tUSD\t500\tLow\t\t\nc\tUSD\t49500\tLow\t\t\n`;
    const rows = parseExport(utf16le(text), "k.csv").rows as KeywordRow[];
    expect(rows.map((r) => [r.volume, r.volumeRange])).toEqual([
      [50_000, null],
      [500, null],
      [49_500, null],
    ]);
  });

  it("Keyword Planner with monthly figures stays exact even on bucket values", () => {
    const text = `${KP_HEADER}\na\tUSD\t500\t\t\tLow\t3\t\t\t400\t600\n`;
    const row = parseExport(utf16le(text), "k.csv").rows[0] as KeywordRow;
    expect(row).toMatchObject({ volume: 500, volumeRange: null, volumeIsEstimate: false });
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
    expect(result.file?.delimiter).toBe(";");
    expect(result.rows[0]).toMatchObject({ clicks: 1234, impressions: 12345, ctr: 0.3988, position: 8.36 });
  });

  it("cp1252 bytes that are not UTF-8", () => {
    // "café" with é as the single byte 0xE9, and a cp1252 en dash 0x96.
    const bytes = new Uint8Array([...utf8(`${GSC}\ncaf`), 0xe9, 0x20, 0x96, ...utf8(" latte,1,2,3%,4\n")]);
    const result = parseExport(bytes, "q.csv");
    expect(result.file?.encoding).toBe("windows-1252");
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

describe("Search Console header variants", () => {
  it("takes the current period of a compare-mode export, whatever its length", () => {
    for (const [period, previous] of [
      ["Last 3 months", "Previous 3 months"],
      ["Last 28 days", "Same period last year"],
    ]) {
      const metrics = ["Clicks", "Impressions", "CTR", "Position"];
      const header = ["Query", ...metrics.flatMap((m) => [`${period} ${m}`, `${previous} ${m}`])].join(",");
      const result = parseExport(
        utf8(`${header}\nflat white,12,30,400,900,3%,3.33%,4.2,6.1\n`),
        "Queries.csv",
      );
      expect(result.format).toBe("search-console-queries");
      expect(result.rows[0]).toMatchObject({ query: "flat white", clicks: 12, impressions: 400, ctr: 0.03 });
      expect((result.rows[0] as SearchQueryRow).position).toBe(4.2);
    }
  });

  it("reads the older Search Queries header", () => {
    const text = "Search Queries,Clicks,Impressions,CTR,Position\ncold brew,16,63,25.40%,1.17\n,,,,\n";
    const result = parseExport(utf8(text), "Queries.csv");
    expect(result.rows).toEqual([
      {
        kind: "search-query",
        line: 2,
        query: "cold brew",
        clicks: 16,
        impressions: 63,
        ctr: 0.254,
        position: 1.17,
      },
    ]);
  });
});

describe("post exports spelled differently by different accounts", () => {
  it("reads TikTok post times that carry their year", () => {
    const text = [
      '"Time","Video title","Video link","Post time","Total likes","Total comments","Total shares","Total views"',
      '"2025/11/02","Drop day","https://www.tiktok.com/@brand/video/7566000000000000001","2025/10/31 18:19:10","12","3","1","900"',
      '"November 2","Older","https://www.tiktok.com/@brand/video/7566000000000000002","October 28","5","0","0","300"',
    ].join("\n");
    const result = parseExport(utf8(text), "Content.csv", { referenceDate: "2025-11-03" });
    expect(result.errors).toEqual([]);
    expect((result.rows as PostRow[]).map((r) => r.publishedAt)).toEqual([
      "2025-10-31T18:19:10",
      "2025-10-28",
    ]);
  });

  it("reads X's account content with Link, Share and Url clicks as with Post Link, Shares and URL Clicks", () => {
    const row = (header: string) =>
      parseExport(
        utf8(`${header}\n1850000000000000001,"Sat, Sep 12, 2026",Hello,https://x.com/b/status/1,9,2,7,40\n`),
        "x.csv",
      ).rows[0] as PostRow;
    const newer = row("Post id,Date,Post text,Link,Likes,Share,Url clicks,Impressions");
    const older = row("Post id,Date,Post text,Post Link,Likes,Shares,URL Clicks,Impressions");
    expect(newer).toEqual(older);
    expect(newer).toMatchObject({ url: "https://x.com/b/status/1", likes: 9, views: null, impressions: 40 });
    expect(newer.metrics).toMatchObject({ externalShares: 2, urlClicks: 7 });
  });
});

describe("headers with invisible characters", () => {
  it("matches a header whose words carry soft hyphens", () => {
    const text = 'Con\u00adtent,Video ti\u00adtle,Video pub\u00adlish time\nabc,T,"Sep 2, 2026"\n';
    expect(parseExport(utf8(text), "Table data.csv").rows[0]).toMatchObject({ externalId: "abc" });
  });
});

describe("YouTube Studio Table data.csv as channels export it", () => {
  const header =
    "Content,Video title,Video publish time,Duration,Views,Watch time (hours),Subscribers,Impressions," +
    "Impressions click-through rate (%)";
  const file = [
    header,
    "Total,,,,6168,138.4373,28,84300,6.31",
    'aB3dE5fG7hI,Morning routine,"Apr 29, 2020",292,5800,132.1678,26,79716,6.32',
    "Zx9Yw8Vu7Ts,Private draft,,59,4,0.0596,0,,0",
    ' -Qp2Rs3Tu4V,"Tips, tricks","Jun 17, 2020",375,395,6.1052,3,5256,6.35',
    "Mn1Bv2Cx3Zl,Unlisted intro,,484,13,0.6702,1,,0",
    "Showing top 500 results,,,,,,,,",
  ].join("\n");

  it("skips the Total row, videos without a publish time and the top-500 line with notes, and takes the rest", () => {
    const result = parseExport(utf8(file), "Table data.csv");
    expect(result.errors).toEqual([]);
    expect((result.rows as PostRow[]).map((r) => r.externalId)).toEqual(["aB3dE5fG7hI", "-Qp2Rs3Tu4V"]);
    expect(result.skipped).toBe(3);
    expect(result.notes.map((n) => n.row)).toEqual([4, 7]);
    expect(result.notes[0]?.message).toMatch(
      /^2 rows skipped \(lines 4, 6\): they have no Video publish time/,
    );
    expect(result.notes[1]?.message).toMatch(
      /^1 row skipped \(line 7\): "Showing top 500 results" .* top 500 /,
    );
  });

  it("leaves likes and comments unknown when the view has no such columns", () => {
    const row = parseExport(utf8(file), "Table data.csv").rows[0] as PostRow;
    expect(row).toMatchObject({ likes: null, comments: null, shares: null, views: 5800 });
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

  it("refuses TikTok's Overview.csv, its daily totals, saying what to upload instead", () => {
    // The header and date form of francovelardez44/tiktok-retention-analysis Overview.csv (a Spanish account).
    const overview =
      '\uFEFF"Date","Video Views","Profile Views","Likes","Comments","Shares"\n"8 de marzo","0","0","0","0","0"\n';
    const refused = code(() => parseExport(utf8(overview), "Overview.csv"));
    expect(refused.code).toBe("UNRECOGNISED_FORMAT");
    expect(refused.message).toMatch(
      /^"Overview.csv" is TikTok Studio's Overview: the account's daily totals/,
    );
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

  it("refuses a binary file named .csv without quoting it", () => {
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xdb, 0x00, 0x43, 0x00, 0x06, 0x04, 0x05, 0x0a]);
    expect(code(() => parseExport(jpeg, "Queries.csv"))).toEqual({
      code: "NOT_TEXT",
      message:
        '"Queries.csv" is not a text file (it holds binary data, like a picture or a workbook): upload the CSV ' +
        "file the platform exported.",
    });
  });

  it("reads up to 200,000 lines and refuses the next one by its number, before parsing", () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => `q${i},1,10,10%,2.5`).join("\n");
    expect(parseExport(utf8(`${GSC}\n${rows(MAX_LINES - 1)}\n`), "q.csv").rows).toHaveLength(MAX_LINES - 1);
    const refused = code(() => parseExport(utf8(`${GSC}\n${rows(MAX_LINES)}`), "q.csv"));
    expect(refused).toEqual({
      code: "TOO_MANY_LINES",
      message:
        '"q.csv" has more than 200,000 lines: line 200,001 is past what one import reads. ' +
        "Export a shorter period and import each file.",
    });
    const started = performance.now();
    const empty = code(() => parseExport(utf8(`${GSC}\r\n${"\r\n".repeat(1_000_000)}`), "empty.csv"));
    expect(empty.code).toBe("TOO_MANY_LINES");
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("refuses a cell longer than 100,000 characters by its line and column, and quotes little of it", () => {
    const cell = (n: number) => `"${"a".repeat(n)}"`;
    expect(
      parseExport(utf8(`${GSC}\nx,1,10,10%,2.5\n${cell(MAX_CELL_CHARS)},1,10,10%,2.5\n`), "q.csv").rows,
    ).toHaveLength(2);
    const refused = code(() =>
      parseExport(utf8(`${GSC}\nx,1,10,10%,2.5\ny,2,${cell(MAX_CELL_CHARS + 1)},10%,2.5\n`), "q.csv"),
    );
    expect(refused).toEqual({
      code: "CELL_TOO_LONG",
      message:
        '"q.csv", line 3, column 3: a cell of 100,001 characters, more than the 100,000 one cell may hold. ' +
        "Check that this is the file the platform exported.",
    });
    // Under the cell limit but not an export: the message quotes the start of each cell only.
    const unrecognised = code(() => parseExport(utf8(`${"b".repeat(90_000)},c\n`), "one-cell.csv"));
    expect(unrecognised.code).toBe("UNRECOGNISED_FORMAT");
    expect(unrecognised.message).toContain(`(first row: ${"b".repeat(40)}… | c)`);
    expect(unrecognised.message.length).toBeLessThan(1000);
  });

  it("reports an unclosed quote with its line", () => {
    const refused = code(() => parseExport(utf8(`${GSC}\n"open,1,2,3%,4\n`), "q.csv"));
    expect(refused).toMatchObject({ code: "MALFORMED_CSV" });
    expect(refused.message).toContain("line");
  });
});

describe("links", () => {
  it("refuses a post link that is no web address, naming the cell, and reads a creator's bare profile link as https", () => {
    const posts = parseExport(
      utf8(
        [
          "Post id,Date,Post text,Link,Likes",
          '1850000000000000001,"Sat, Sep 12, 2026",Hello,javascript:alert(document.cookie),9',
          '1850000000000000002,"Sat, Sep 12, 2026",Hi,https://x.com/b/status/2,3',
        ].join("\n"),
      ),
      "x.csv",
    );
    expect(posts.errors).toEqual([
      {
        row: 2,
        column: "Link",
        message: '"javascript:alert(document.cookie)" is not a web address (http:// or https://)',
      },
    ]);
    expect((posts.rows as PostRow[]).map((r) => r.url)).toEqual(["https://x.com/b/status/2"]);

    const creators = parseExport(utf8("Handle,Platform\ninstagram.com/nina.brews,\n"), "creators.csv");
    expect(creators.errors).toEqual([]);
    expect(creators.rows[0]).toMatchObject({ handle: "nina.brews", url: "https://instagram.com/nina.brews" });
  });
});
