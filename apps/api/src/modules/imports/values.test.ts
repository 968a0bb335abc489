import { describe, expect, it } from "vitest";
import { parseEnglishDate, parseIsoDate, parseUsDate, parseYearlessDate } from "./dates";
import { type NumberKind, parseNumber } from "./numbers";
import { decodeBytes, detectDelimiter } from "./sniff";

const num = (raw: string, kind: NumberKind) => {
  const r = parseNumber(raw, kind);
  return r.ok ? r.value : `error: ${r.message}`;
};

describe("numbers", () => {
  it.each([
    ["", "int", null],
    [" --", "ratio", null],
    ["∞", "ratio", null],
    ["-", "int", null],
    ["0", "int", 0],
    ["49500", "int", 49500],
    ["1,234", "int", 1234],
    ["1.234", "int", 1234],
    ["1 234", "int", 1234],
    ["1\u00a0234\u00a0567", "int", 1234567],
    ["1.234.567", "int", 1234567],
    ["424.0", "int", 424],
    ["-3", "int", -3],
    ["0.62", "decimal", 0.62],
    ["0,62", "decimal", 0.62],
    ["1.234,5", "decimal", 1234.5],
    ["1,234.5", "decimal", 1234.5],
    ["1732.0915", "decimal", 1732.0915],
    ["39.88%", "percent", 0.3988],
    ["6.12", "percent", 0.0612],
    ["-33%", "ratio", -0.33],
    ["900%", "ratio", 9],
    ["0.05546834", "ratio", 0.05546834],
    ["2%", "ratio", 0.02],
  ] as const)("%j as %s → %j", (raw, kind, expected) => {
    expect(num(raw, kind)).toBe(expected);
  });

  it.each([
    ["12,5", "int"],
    ["abc", "int"],
    ["1,23,4", "int"],
    ["5%", "int"],
  ] as const)("%j as %s is an error", (raw, kind) => {
    expect(String(num(raw, kind))).toMatch(/^error: /);
  });
});

describe("dates", () => {
  it("reads each export's style", () => {
    expect(parseUsDate("09/12/2026 08:30")).toEqual({ ok: true, value: "2026-09-12T08:30:00" });
    expect(parseUsDate("02/30/2026").ok).toBe(false);
    expect(parseIsoDate("2026-09-07T00:00:00")).toEqual({ ok: true, value: "2026-09-07T00:00:00" });
    expect(parseIsoDate("2023-09-01 15:02 +0000")).toEqual({ ok: true, value: "2023-09-01T15:02:00Z" });
    expect(parseEnglishDate("Sat, Sep 12, 2026")).toEqual({ ok: true, value: "2026-09-12" });
    expect(parseEnglishDate("Sep 2, 2026")).toEqual({ ok: true, value: "2026-09-02" });
  });

  it.each([
    ["September 25", "2025-09-25"],
    ["September 13", "2026-09-13"],
    ["28 August", "2026-08-28"],
    ["9月13日", "2026-09-13"],
    ["18 января", "2026-01-18"],
    ["18 tháng Tám", "2026-08-18"],
    ["December 30", "2025-12-30"],
  ])("TikTok %j with export day 2026-09-14 → %s", (raw, expected) => {
    expect(parseYearlessDate(raw, "2026-09-14")).toEqual({ ok: true, value: expected });
  });
});

describe("sniffing", () => {
  it("decodes by BOM and falls back to cp1252", () => {
    expect(decodeBytes(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]))).toEqual({
      text: "a",
      encoding: "utf-8-bom",
    });
    expect(decodeBytes(new Uint8Array([0xff, 0xfe, 0x61, 0x00]))).toEqual({
      text: "a",
      encoding: "utf-16le",
    });
    expect(decodeBytes(new Uint8Array([0x80]))).toEqual({ text: "€", encoding: "windows-1252" });
  });

  it("detects the delimiter", () => {
    expect(detectDelimiter('sep=,\n"a"\n')).toBe(",");
    expect(detectDelimiter('Title\n"Sep 1, 2025 - Aug 31, 2026"\na\tb\tc\n')).toBe("\t");
    expect(detectDelimiter('"a, b",c\n')).toBe(",");
  });
});
