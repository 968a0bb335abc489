/**
 * `@brandscope/api/test-support` (apps/api/package.json "exports"): the API's fakes and fixtures the web app's
 * browser tests (apps/web/e2e) start beside the real server: the vendors' fake APIs, a fake website, a chat, a
 * DNS server and a SAML identity provider, and the large export. Nothing of the server's own code: those tests run
 * it as a process.
 */
export { startDnsServer, type TestDnsServer } from "./dns-server";
export { type FakeChat, startFakeChat } from "./fake-chat";
export { startFakeGoogle } from "./fake-google";
export { startFakeMeta } from "./fake-meta";
export { articlesEvery, homePage, robotsTxt, rssFeed, startFakeWebsite } from "./fake-website";
export { startFakeYoutube } from "./fake-youtube";
export { largeFacebookExport } from "./large-export";
export { startSamlIdp, type TestSamlIdp } from "./saml-idp";
