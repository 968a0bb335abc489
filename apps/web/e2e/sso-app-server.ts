import { inject } from "vitest";
import { type AppServer, startAppServer } from "./app-server";

/**
 * The app as the single sign-on browser tests need it (sso.e2e, saml.e2e): no sample data (a quicker start), domain
 * checks through the test's DNS server, and the local identity provider's address allowed as a private one, as
 * tests allow a local website.
 */
export function startSsoAppServer(p: {
  port: number;
  dnsAddress: string;
  idpUrl: string;
}): Promise<AppServer> {
  return startAppServer({
    port: p.port,
    env: {
      SMTP_URL: inject("smtpUrl"),
      SAMPLE_DATA: "off",
      DNS_SERVERS: p.dnsAddress,
      WEBSITE_FETCH_ALLOW_PRIVATE: "127.0.0.1",
      WEBSITE_FETCH_ALLOW_PORTS: new URL(p.idpUrl).port,
    },
  });
}
