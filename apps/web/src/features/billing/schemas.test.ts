import { describe, expect, it } from "vitest";
import { addressSchema, salesContactSchema } from "./schemas";

const address = {
  companyName: "Lumora Coffee",
  line1: "1 Bean Street",
  line2: "",
  city: "London",
  postalCode: "E1 6AN",
  region: "",
  country: "GB",
  phone: "+44 20 7946 0000",
};
const sales = {
  email: "maya@lumora.coffee",
  name: "Maya Okafor",
  companyName: "Lumora Coffee",
  role: "Head of marketing",
  industry: "food-beverage",
  category: "brand",
};

describe("addressSchema", () => {
  it("takes a complete address; line 2 and region are optional", () => {
    expect(addressSchema.safeParse(address).success).toBe(true);
  });
  it("always requires the phone", () => {
    const result = addressSchema.safeParse({ ...address, phone: " " });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(["This is a required field"]);
  });
  it("requires every part of the billing address", () => {
    for (const key of ["companyName", "line1", "city", "postalCode", "country"] as const) {
      expect(addressSchema.safeParse({ ...address, [key]: "" }).success).toBe(false);
    }
  });
});

describe("salesContactSchema", () => {
  it("takes six filled fields with a valid e-mail", () => {
    expect(salesContactSchema.safeParse(sales).success).toBe(true);
  });
  it("wants a valid e-mail and every field", () => {
    const bad = salesContactSchema.safeParse({ ...sales, email: "maya@" });
    expect(bad.error?.issues.map((issue) => issue.message)).toEqual(["Fill in a valid email address"]);
    for (const key of Object.keys(sales)) {
      expect(salesContactSchema.safeParse({ ...sales, [key]: "" }).success).toBe(false);
    }
  });
});
