import { describe, expect, it } from "vitest";
import { jsonArray, jsonMerge, jsonObject, jsonOnce } from "./json-text";

const parse = (text: { text: string }) => JSON.parse(text.text) as unknown;

describe("JSON text made from parts", () => {
  const figures = {
    items: [{ label: "Instagram", count: 3 }],
    status: "ok",
    reason: "needs 20 posts, has 7",
  };

  it("reads as the spread of its parts", () => {
    const head = { window: { from: "2026-10-23", to: "2026-11-21" }, brand: { name: 'Lumora "Coffee"' } };
    expect(parse(jsonMerge(head, jsonOnce(figures)))).toEqual({ ...head, ...figures });
    expect(parse(jsonMerge({}, jsonOnce(figures)))).toEqual(figures);
    expect(parse(jsonMerge(head, jsonOnce({})))).toEqual(head);
    // As with a spread, the later part wins a shared key.
    expect(parse(jsonMerge({ status: "error" }, jsonOnce(figures)))).toMatchObject({ status: "ok" });
  });

  it("builds objects and arrays around serialized members, leaving out undefined ones as JSON.stringify does", () => {
    const entry = jsonMerge({ id: "b1", logo: null }, jsonOnce(figures));
    const body = jsonObject<{ common: object; competitors: object[]; note?: string }>({
      common: jsonObject<{ brand: object; sample: boolean }>({ brand: entry, sample: true }),
      competitors: jsonArray([entry, entry]),
      note: undefined,
    });
    const value = { id: "b1", logo: null, ...figures };
    expect(parse(body)).toEqual({ common: { brand: value, sample: true }, competitors: [value, value] });
    expect(parse(jsonArray([]))).toEqual([]);
  });

  it("serializes a kept value once, so a value changed in place afterwards would not show", () => {
    const value = { n: 1 };
    const first = jsonOnce(value);
    value.n = 2;
    expect(jsonOnce(value).text).toBe(first.text);
    expect(jsonOnce({ n: 2 }).text).toBe('{"n":2}');
  });
});
