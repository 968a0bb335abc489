import { describe, expect, it } from "vitest";
import type { z } from "zod/mini";
import {
  brandFormSchema,
  brandFormValues,
  competitorFormSchema,
  isWebUrl,
  linkMatchesPlatform,
  nextFreePlatform,
  toCompetitorInput,
  toOwnBrandInput,
} from "./brand-schema";

/** The messages per field path ("socialLinks.0.socialLink"), in the order a form would show them. */
function fieldMessages(schema: z.ZodMiniType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  const byField: Record<string, string[]> = {};
  if (result.success) return byField;
  for (const issue of result.error.issues) {
    const key = issue.path.join(".");
    byField[key] = [...(byField[key] ?? []), issue.message];
  }
  return byField;
}

const valid = {
  websiteUrl: "https://lumora.coffee",
  country: "GB",
  brandName: "Lumora Coffee",
  socialLinks: [{ socialPlatform: "instagram", socialLink: "https://www.instagram.com/lumoracoffee" }],
};

const withLinks = (socialLinks: { socialPlatform: string; socialLink: string }[]) => ({
  ...valid,
  socialLinks,
});

describe("brand form", () => {
  it("accepts a complete form, also with spaces around the website", () => {
    expect(fieldMessages(brandFormSchema, valid)).toEqual({});
    expect(fieldMessages(brandFormSchema, { ...valid, websiteUrl: "  https://lumora.coffee  " })).toEqual({});
  });

  it("asks for every field with its own message", () => {
    expect(
      fieldMessages(brandFormSchema, {
        websiteUrl: "",
        country: "",
        brandName: "",
        socialLinks: [{ socialPlatform: "", socialLink: "" }],
      }),
    ).toEqual({
      websiteUrl: ["Website URL is required"],
      country: ["Country is required"],
      brandName: ["Brand name is required"],
      "socialLinks.0.socialPlatform": ["Please select a social platform"],
      "socialLinks.0.socialLink": ["Please provide a valid link for the selected platform"],
    });
  });

  it("counts spaces as nothing", () => {
    expect(fieldMessages(brandFormSchema, { ...valid, websiteUrl: "   ", brandName: "  " })).toEqual({
      websiteUrl: ["Website URL is required"],
      brandName: ["Brand name is required"],
    });
  });

  it.each([
    "lumora.coffee",
    "www.lumora.coffee",
    "ftp://lumora.coffee",
    "https://",
    "https://lumora",
    "https://lumora .coffee",
    "http//lumora.coffee",
  ])("website %j → the invalid URL message", (websiteUrl) => {
    expect(fieldMessages(brandFormSchema, { ...valid, websiteUrl })).toEqual({
      websiteUrl: ["Invalid URL. Please enter a valid one starting with http:// or https://"],
    });
  });

  it("wants at least one social link", () => {
    expect(fieldMessages(brandFormSchema, withLinks([]))).toEqual({
      socialLinks: ["At least one social link is required"],
    });
  });

  it("wants a valid link starting with http:// or https://", () => {
    expect(
      fieldMessages(
        brandFormSchema,
        withLinks([{ socialPlatform: "facebook", socialLink: "facebook.com/lumora" }]),
      ),
    ).toEqual({
      "socialLinks.0.socialLink": ["Invalid URL format. Ensure it starts with http:// or https://"],
    });
  });

  it("wants the link on the selected platform's domain", () => {
    expect(
      fieldMessages(
        brandFormSchema,
        withLinks([{ socialPlatform: "tiktok", socialLink: "https://www.instagram.com/lumoracoffee" }]),
      ),
    ).toEqual({ "socialLinks.0.socialLink": ["The link must match the selected platform"] });
    // The domain must be the host, not merely somewhere in the address.
    expect(
      fieldMessages(
        brandFormSchema,
        withLinks([{ socialPlatform: "facebook", socialLink: "https://evil.example/facebook.com" }]),
      ),
    ).toEqual({ "socialLinks.0.socialLink": ["The link must match the selected platform"] });
  });

  it("accepts each platform's own links", () => {
    expect(
      fieldMessages(
        brandFormSchema,
        withLinks([
          { socialPlatform: "facebook", socialLink: "https://www.facebook.com/lumoracoffee" },
          { socialPlatform: "tiktok", socialLink: "https://tiktok.com/@lumoracoffee" },
          { socialPlatform: "instagram", socialLink: " https://instagram.com/lumoracoffee " },
        ]),
      ),
    ).toEqual({});
  });

  it("wants each platform once, flagging the repeat", () => {
    expect(
      fieldMessages(
        brandFormSchema,
        withLinks([
          { socialPlatform: "instagram", socialLink: "https://www.instagram.com/lumoracoffee" },
          { socialPlatform: "facebook", socialLink: "https://www.facebook.com/lumoracoffee" },
          { socialPlatform: "instagram", socialLink: "https://www.instagram.com/lumora" },
        ]),
      ),
    ).toEqual({ "socialLinks.2.socialPlatform": ["Each platform must be unique"] });
  });
});

describe("competitor form", () => {
  it("needs only the website and the name", () => {
    expect(
      fieldMessages(competitorFormSchema, { websiteUrl: "", country: "", brandName: "", socialLinks: [] }),
    ).toEqual({ websiteUrl: ["Website URL is required"], brandName: ["Brand name is required"] });
    expect(
      fieldMessages(competitorFormSchema, {
        websiteUrl: "https://brewhaus.example",
        country: "",
        brandName: "Brewhaus",
        socialLinks: [],
      }),
    ).toEqual({});
  });

  it("judges the social links it is given like the brand form", () => {
    expect(
      fieldMessages(competitorFormSchema, {
        websiteUrl: "https://brewhaus.example",
        country: "",
        brandName: "Brewhaus",
        socialLinks: [
          { socialPlatform: "tiktok", socialLink: "https://facebook.com/brewhaus" },
          { socialPlatform: "tiktok", socialLink: "https://tiktok.com/@brewhaus" },
        ],
      }),
    ).toEqual({
      "socialLinks.0.socialLink": ["The link must match the selected platform"],
      "socialLinks.1.socialPlatform": ["Each platform must be unique"],
    });
  });
});

describe("helpers", () => {
  it("tells web addresses apart", () => {
    expect(isWebUrl("https://lumora.coffee/about?x=1")).toBe(true);
    expect(isWebUrl("HTTP://LUMORA.COFFEE")).toBe(true);
    expect(isWebUrl("javascript:alert(1)")).toBe(false);
  });

  it("matches subdomains of the platform only", () => {
    expect(linkMatchesPlatform("https://m.facebook.com/x", "facebook")).toBe(true);
    expect(linkMatchesPlatform("https://notfacebook.com/x", "facebook")).toBe(false);
  });

  it("preselects the first platform not used yet", () => {
    expect(nextFreePlatform([])).toBe("facebook");
    expect(nextFreePlatform([{ socialPlatform: "facebook", socialLink: "" }])).toBe("tiktok");
    expect(
      nextFreePlatform([
        { socialPlatform: "facebook", socialLink: "" },
        { socialPlatform: "tiktok", socialLink: "" },
        { socialPlatform: "instagram", socialLink: "" },
      ]),
    ).toBe("");
  });

  it("trims what it sends", () => {
    expect(
      toOwnBrandInput({
        websiteUrl: " https://lumora.coffee ",
        country: "GB",
        brandName: " Lumora Coffee ",
        socialLinks: [{ socialPlatform: "instagram", socialLink: " https://instagram.com/lumora " }],
      }),
    ).toEqual({
      websiteUrl: "https://lumora.coffee",
      country: "GB",
      brandName: "Lumora Coffee",
      socialLinks: [{ socialPlatform: "instagram", socialLink: "https://instagram.com/lumora" }],
    });
  });

  it("sends a competitor's optional parts only when given", () => {
    expect(
      toCompetitorInput({
        websiteUrl: "https://brewhaus.example ",
        country: "",
        brandName: "Brewhaus",
        socialLinks: [],
      }),
    ).toEqual({ websiteUrl: "https://brewhaus.example", brandName: "Brewhaus" });
    expect(
      toCompetitorInput({
        websiteUrl: "https://brewhaus.example",
        country: "DE",
        brandName: "Brewhaus",
        socialLinks: [{ socialPlatform: "tiktok", socialLink: "https://tiktok.com/@brewhaus" }],
      }),
    ).toEqual({
      websiteUrl: "https://brewhaus.example",
      brandName: "Brewhaus",
      country: "DE",
      socialLinks: [{ socialPlatform: "tiktok", socialLink: "https://tiktok.com/@brewhaus" }],
    });
  });

  it("turns a connected brand back into form values", () => {
    expect(
      brandFormValues({
        id: "3f2a1b0c-9d8e-4f7a-b6c5-d4e3f2a1b0c9",
        name: "Lumora Coffee",
        website: "https://lumora.coffee",
        country: "GB",
        industry: null,
        logo: null,
        sample: false,
        status: "pending",
        statusReason: null,
        socialLinks: [
          { platform: "instagram", url: "https://www.instagram.com/lumoracoffee" },
          { platform: "youtube", url: "https://youtube.com/@lumora" },
        ],
        createdAt: "2026-11-01T09:00:00.000Z",
      }),
    ).toEqual({ ...valid, industry: "" });
  });
});
