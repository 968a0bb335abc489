import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseExport } from "../parse-export";

const FIXTURES = join(import.meta.dirname, "../../../../test/fixtures/creators");
const parse = (text: string | Buffer) =>
  parseExport(typeof text === "string" ? Buffer.from(text) : text, "creators.csv");

describe("creator list", () => {
  it("reads a list whose headers use other spellings, with profile links, rounded counts and percents", () => {
    const result = parse(readFileSync(join(FIXTURES, "creator-list.csv")));
    expect(result.errors).toEqual([]);
    expect(result).toMatchObject({ format: "creator-list", kind: "creator", label: "Creator list" });
    expect(result.rows).toEqual([
      {
        kind: "creator",
        line: 2,
        platform: "instagram",
        handle: "nina.brews",
        name: "Nina Ferreira",
        url: "https://www.instagram.com/nina.brews/",
        followers: 48_200,
        engagementRate: 0.041,
        country: "PT",
        description: "Cold brew coffee and pour over recipes",
        recentTitles: ["Espresso grinder test", "Iced latte week"],
      },
      {
        kind: "creator",
        line: 3,
        // The platform cell is empty: the link's host says YouTube, its path the handle.
        platform: "youtube",
        handle: "kettleking",
        name: "Kettle King",
        url: "https://www.youtube.com/@KettleKing",
        followers: 1_250_000,
        engagementRate: null,
        country: "US",
        description: "Pour over kettle reviews",
        recentTitles: [],
      },
      expect.objectContaining({
        platform: "tiktok",
        handle: "latte.lab",
        followers: 9800,
        engagementRate: 0.075,
      }),
      expect.objectContaining({
        platform: "instagram",
        handle: "dailyespresso",
        followers: 52_000,
        country: "DE",
      }),
    ]);
  });

  it("says what is wrong with every bad row, by line and column", () => {
    const result = parse(readFileSync(join(FIXTURES, "creator-list-bad-rows.csv")));
    expect(result.format).toBe("creator-list");
    expect(result.rows.map((r) => r.line)).toEqual([]);
    expect(result.errors).toEqual([
      { row: 2, column: "Handle", message: "missing the creator's handle" },
      {
        row: 3,
        column: "Platform",
        message: '"Snapchat" is not a platform we read (Instagram, YouTube, TikTok, X, Facebook or LinkedIn)',
      },
      {
        row: 4,
        column: "Handle",
        message:
          '"brew crew" is not a handle: write the name after the "@" (letters, digits, ".", "_" or "-") or the ' +
          "profile link",
      },
      { row: 5, column: "Followers", message: "-50 followers is not a count" },
      { row: 6, column: "Engagement rate", message: '"abc" is not a number' },
    ]);
  });

  it("needs a platform when the handle is no profile link", () => {
    const result = parse("Handle,Platform\nmaya.makes,\n");
    expect(result.errors).toEqual([
      {
        row: 2,
        column: "Platform",
        message: "missing the platform (Instagram, YouTube, TikTok, X, Facebook or LinkedIn)",
      },
    ]);
  });

  it("is not mistaken for a platform's export: an Instagram posts export has no platform column", () => {
    const header =
      '"Post ID","Account ID","Account username","Account name",Description,"Duration (sec)","Publish time",' +
      'Permalink,"Post type","Data comment",Date,Views,Reach,Likes,Shares,Follows,Comments,Saves';
    expect(parse(`${header}\n`).format).toBe("instagram-posts");
  });
});
