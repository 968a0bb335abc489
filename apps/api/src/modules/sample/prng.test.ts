import { describe, expect, it } from "vitest";
import { hashUnit, Rng, sampleId } from "./prng";

describe("prng", () => {
  it("repeats a stream for the same seed and path, and differs otherwise", () => {
    const take = (rng: Rng) => Array.from({ length: 5 }, () => rng.nextU32());
    expect(take(new Rng(7, "a"))).toEqual(take(new Rng(7, "a")));
    expect(take(new Rng(7, "a"))).not.toEqual(take(new Rng(7, "b")));
    expect(take(new Rng(8, "a"))).not.toEqual(take(new Rng(7, "a")));
  });

  it("is frozen: the first values of a known stream never change", () => {
    const rng = new Rng(1, "freeze");
    const first = [rng.nextU32(), rng.nextU32()];
    expect(first).toEqual(FROZEN);
  });

  it("draws roughly uniform values and honours ranges", () => {
    const rng = new Rng(3);
    let sum = 0;
    for (let i = 0; i < 10_000; i++) {
      const x = rng.next();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
      sum += x;
      const n = rng.int(2, 4);
      expect(n >= 2 && n <= 4).toBe(true);
    }
    expect(sum / 10_000).toBeCloseTo(0.5, 1);
    expect(new Set(rng.sample([1, 2, 3, 4, 5], 5))).toEqual(new Set([1, 2, 3, 4, 5]));
  });

  it("hashUnit is stateless and keyed", () => {
    expect(hashUnit(1, 2, 3)).toBe(hashUnit(1, 2, 3));
    expect(hashUnit(1, 2, 3)).not.toBe(hashUnit(1, 2, 4));
  });

  it("sampleId is a stable RFC 4122 version-5 UUID", () => {
    const id = sampleId(1, "brand/lumora-coffee");
    expect(id).toBe(sampleId(1, "brand/lumora-coffee"));
    expect(id).not.toBe(sampleId(2, "brand/lumora-coffee"));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

const FROZEN = [446497674, 561060208];
