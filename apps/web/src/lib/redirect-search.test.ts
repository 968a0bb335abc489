import { describe, expect, it } from "vitest";
import { redirectSearchSchema } from "./redirect-search";

describe("redirect search param", () => {
  it("keeps a path on this origin, with its own query", () => {
    expect(redirectSearchSchema.parse({ redirect: "/audience/7/details?tab=posts" })).toEqual({
      redirect: "/audience/7/details?tab=posts",
    });
  });

  it.each(["https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)", "content"])(
    "drops %s, which would lead off the site",
    (redirect) => {
      expect(redirectSearchSchema.parse({ redirect })).toEqual({ redirect: undefined });
    },
  );
});
