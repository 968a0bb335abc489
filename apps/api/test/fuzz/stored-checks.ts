import type { ContractOperation, JsonSchema } from "../../src/http/contract";
import { accepts } from "./schema-arbitraries";

/**
 * After a write that got a 2xx: the read that shows what was stored, and which stored fields came from which
 * request fields. A stored field must still satisfy its request field's schema (a name trimmed to nothing must
 * not be stored when the contract asks for one character), and the read must match the contract.
 */
export interface StoredCheck {
  read: { operationId: string; url: string };
  /** The stored item in the read's body; `written` is the write's answer. */
  find: (readBody: unknown, written: unknown) => unknown;
  /** Stored field → the request body field it was written from. */
  fields: Record<string, string>;
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
const idOf = (value: unknown) => record(value).id;
const listed = (list: unknown, written: unknown) =>
  (Array.isArray(list) ? list : []).find((item) => idOf(item) === idOf(written));

const brandFields = { name: "brandName", website: "websiteUrl", country: "country", industry: "industry" };

export const storedChecks: Record<string, StoredCheck> = {
  createBrand: {
    read: { operationId: "getBrand", url: "/api/brand" },
    find: (body) => record(body).brand,
    fields: brandFields,
  },
  updateBrand: {
    read: { operationId: "getBrand", url: "/api/brand" },
    find: (body) => record(body).brand,
    fields: { name: "brandName", website: "websiteUrl", country: "country", industry: "industry" },
  },
  addBrandCompetitor: {
    read: { operationId: "listBrandCompetitors", url: "/api/brand/competitor" },
    find: (body, written) => listed(record(body).competitors, written),
    fields: brandFields,
  },
  updateUser: {
    read: { operationId: "getMe", url: "/api/user/me" },
    find: (body) => body,
    fields: Object.fromEntries(
      ["firstName", "lastName", "phone", "company", "businessType", "country", "industry"]
        .concat(["defaultIndustry", "defaultCountry", "isFirstTime", "timeZone"])
        .map((name) => [name, name]),
    ),
  },
  inviteMember: {
    read: { operationId: "listInvitations", url: "/api/workspace/invitations" },
    find: (body, written) => listed(body, written),
    fields: { email: "email" },
  },
  updateBranding: {
    read: { operationId: "getBranding", url: "/api/workspace/branding" },
    find: (body) => body,
    fields: { accentColor: "accentColor" },
  },
  updateDigestPreference: {
    read: { operationId: "getDigestPreference", url: "/api/digest" },
    find: (body) => body,
    fields: { enabled: "enabled", weekday: "weekday", hour: "hour", attachPdf: "attachPdf" },
  },
  // Alerts (issue 31): the member's own choices, read back with the workspace's rules.
  updateAlertPreferences: {
    read: { operationId: "getAlertSettings", url: "/api/alerts/settings" },
    find: (body) => body,
    fields: { mutedRules: "mutedRules", email: "email" },
  },
  savePaymentMethod: {
    read: { operationId: "listPaymentMethods", url: "/api/subscriptions/customers/payment-methods" },
    find: (body, written) => listed(body, written),
    fields: { id: "paymentMethodId" },
  },
  createSharedReport: {
    read: { operationId: "listSharedReports", url: "/api/shared-reports" },
    find: (body, written) => listed(body, record(written).report),
    fields: { module: "module" },
  },
  subscribe: {
    read: { operationId: "listSubscriptions", url: "/api/subscriptions" },
    find: (body) => (Array.isArray(body) ? body[0] : undefined),
    fields: { productId: "productId" },
  },
};

const storesNoField = "keeps no field of the request that a read shows (codes, sessions, password hashes)";

/** Writes whose stored result is not read back, and why. */
export const notReread: Record<string, string> = {
  signUp: "the account can be read only once confirmed with the e-mailed code",
  unsubscribeDigest: "turns a digest off by a signed token; getDigestPreference shows it only to its member",
  unsubscribeAlertEmails:
    "turns alert e-mail off by a signed token; getAlertSettings shows it only to its member",
  saveAlertChannel:
    "the webhook URL is a credential kept sealed: getAlertChannels shows only its host and last characters",
  testAlertChannel: "posts a test message; keeps only the webhook's answer, shown by getAlertChannels",
  markAlertsRead:
    "marks read for the caller only; listAlerts shows it as each alert's read, not as a request field",
  updateAlertRules:
    "a list of rules merged into the workspace's six; getAlertSettings shows them as rules, not the request's list",
  contactSales: "sales requests are e-mailed and stored, with no operation that reads them back",
  confirmSignUp: storesNoField,
  resendConfirmation: storesNoField,
  logIn: storesNoField,
  startSocialLogIn: storesNoField,
  socialLogIn: storesNoField,
  receiveSocialCallback: "keeps a pending sign-in for POST /auth/social, which needs a configured provider",
  startSsoSignIn:
    "keeps a pending sign-in for POST /auth/sso, which needs a verified domain with single sign-on",
  ssoLogIn: storesNoField,
  describeSsoHandoff: "reads a hand-off; writes nothing",
  receiveSamlResponse:
    "keeps a one-use hand-off for POST /auth/sso, which needs a workspace with SAML single sign-on: src/modules/sso/saml-sign-in.test.ts",
  saveSsoSettings: "Enterprise only: read back (the secret never) in src/modules/sso/sso.test.ts",
  addSsoDomain: "Enterprise only: read back with its TXT value in src/modules/sso/sso.test.ts",
  refreshToken: storesNoField,
  forgotPassword: storesNoField,
  confirmForgotPassword: storesNoField,
  resetPassword: storesNoField,
  changePassword: storesNoField,
  deleteUser: "deletes: nothing is left to read",
  acceptInvitation: "answers the user in the new workspace (checked against the contract); the bearer ends",
  changeMemberRole:
    "answers the member with the new role, read back in src/modules/workspace/workspace.test.ts",
  transferOwnership:
    "answers the members with their new roles, read back in src/modules/workspace/workspace.test.ts",
  confirmSandboxSetup: "a card set up but not saved: savePaymentMethod saves it and is read back",
  removePaymentMethod: "answers the cards left, which the contract check validates",
  setDefaultPaymentMethod: "answers the cards, which the contract check validates",
  connectYoutube:
    "stores links normalised from what was typed, read back in src/modules/connectors/youtube.test.ts",
  selectSearchConsoleProperty:
    "accepts only a property Google listed for the account, read back in src/modules/connectors/search-console.test.ts",
  selectInstagramAccount:
    "accepts only an account Meta listed for the Facebook user, read back in src/modules/connectors/instagram.test.ts",
  selectGoogleAdsCustomer:
    "accepts only a customer Google Ads listed for the Google user, read back in src/modules/connectors/google-ads.test.ts",
  handlePaymentWebhook: "events of the payment provider: refused without its signature",
  uploadBrandingLogo: "a re-encoded picture, read back in src/modules/branding/branding.test.ts",
  removeBrandingLogo: "removes: nothing of the request is stored",
};

/** The schema of a request body's field, looked up in the body schema and its oneOf branches. */
function fieldSchema(body: JsonSchema | undefined, name: string): JsonSchema | undefined {
  if (!body) return undefined;
  const own = record(body.properties)[name];
  if (own) return record(own);
  const branches = Array.isArray(body.oneOf) ? body.oneOf : [];
  for (const branch of branches) {
    const found = fieldSchema(record(branch), name);
    if (found) return found;
  }
  return undefined;
}

/** Stored fields that break their request field's schema, as "field: value" lines; empty when all hold. */
export function storedViolations(
  op: ContractOperation,
  check: StoredCheck,
  sent: unknown,
  stored: unknown,
): string[] {
  const body = op.requestBody?.content["application/json"];
  const request = record(sent);
  const item = record(stored);
  return Object.entries(check.fields).flatMap(([storedName, requestName]) => {
    if (!(requestName in request)) return [];
    const schema = fieldSchema(body, requestName);
    const value = item[storedName];
    if (!schema || accepts(schema, value)) return [];
    return [
      `${storedName} stored as ${JSON.stringify(value)} (sent ${JSON.stringify(request[requestName])})`,
    ];
  });
}
