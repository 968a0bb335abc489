import { createServer, type Server } from "node:http";
import Provider from "oidc-provider";
import { freePort } from "./app-server";

export interface TestIdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (panva's oidc-provider) on a loopback port, for the browser's social sign-in: one
 * confidential client, PKCE, and the package's own login and consent pages, which the test fills in like a person.
 * Anyone may sign in; their e-mail is `<login>@idp.test`, verified.
 */
export async function startIdentityProvider({
  redirectUri,
}: {
  redirectUri: string;
}): Promise<TestIdentityProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = "brandscope-e2e";
  const clientSecret = "brandscope-e2e-secret-0123456789abcdef";
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["given_name", "family_name", "name"],
    },
    cookies: { keys: ["brandscope-e2e-cookie-key"] },
    pkce: { required: () => true },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({
        sub: id,
        email: `${id}@idp.test`,
        email_verified: true,
        given_name: "Sam",
        family_name: "Social",
        name: "Sam Social",
      }),
    }),
  });
  const server: Server = createServer(provider.callback());
  await new Promise<void>((done) => server.listen(port, "127.0.0.1", done));
  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
