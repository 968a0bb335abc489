import { describe, expect, it } from "vitest";
import { redactUrl } from "./redact-url";

describe("redactUrl", () => {
  it("hides the values of parameters that carry secrets, keeping the rest", () => {
    expect(redactUrl("/api/workspace/invitations/preview?token=abc.def")).toBe(
      "/api/workspace/invitations/preview?token=[redacted]",
    );
    expect(
      redactUrl("/auth/callback/google?code=4%2F0Ab&state=xyz&iss=https%3A%2F%2Faccounts.google.com"),
    ).toBe("/auth/callback/google?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Faccounts.google.com");
    expect(redactUrl("/x?resetToken=1&access_token=2&X-Amz-Signature=3&api_key=4&page=2")).toBe(
      "/x?resetToken=[redacted]&access_token=[redacted]&X-Amz-Signature=[redacted]&api_key=[redacted]&page=2",
    );
    expect(redactUrl("/x?%74oken=1")).toBe("/x?%74oken=[redacted]");
    expect(redactUrl("/auth/sso/callback?handoff=abc")).toBe("/auth/sso/callback?handoff=[redacted]");
  });

  it("leaves a URL without a query, or without secrets, as it is", () => {
    expect(redactUrl("/api/brand")).toBe("/api/brand");
    expect(redactUrl("/api/audience?search=coffee&page=1")).toBe("/api/audience?search=coffee&page=1");
    expect(redactUrl("/api/intent/keyword?keyword=old&countryCode=GB")).toBe(
      "/api/intent/keyword?keyword=old&countryCode=GB",
    );
  });
});
