import { describe, expect, it } from "vitest";
import {
  aboutRequests,
  aboutValues,
  companyStepSchema,
  countryStepSchema,
  industryStepSchema,
} from "./about-schemas";

const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) =>
  result.success
    ? {}
    : Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("single-field steps", () => {
  it("require their field", () => {
    expect(messagesOf(industryStepSchema.safeParse({ industry: "" }))).toEqual({
      industry: "This is a required field",
    });
    expect(messagesOf(countryStepSchema.safeParse({ country: "" }))).toEqual({
      country: "This is a required field",
    });
    expect(messagesOf(companyStepSchema.safeParse({ company: "  ", businessType: "" }))).toEqual({
      company: "This is a required field",
      businessType: "This is a required field",
    });
  });

  it("accept a choice", () => {
    expect(industryStepSchema.safeParse({ industry: "saas" }).success).toBe(true);
    expect(companyStepSchema.safeParse({ company: "Lumora", businessType: "b2c" }).success).toBe(true);
    expect(countryStepSchema.safeParse({ country: "GB" }).success).toBe(true);
  });

  it("start from the profile", () => {
    expect(
      aboutValues({ email: "m@l.co", industry: "saas", company: null, businessType: "b2b", country: "GB" }),
    ).toEqual({
      industry: { industry: "saas" },
      company: { company: "", businessType: "b2b" },
      country: { country: "GB" },
    });
    expect(aboutValues(null).company).toEqual({ company: "", businessType: "" });
  });

  it("save the choice as the default too; the country ends the welcome", () => {
    expect(aboutRequests.industry({ industry: "saas" })).toEqual({
      industry: "saas",
      defaultIndustry: "saas",
    });
    expect(aboutRequests.company({ company: " Lumora ", businessType: "both" })).toEqual({
      company: "Lumora",
      businessType: "both",
    });
    expect(aboutRequests.country({ country: "GB" })).toEqual({
      country: "GB",
      defaultCountry: "GB",
      isFirstTime: false,
    });
  });
});
