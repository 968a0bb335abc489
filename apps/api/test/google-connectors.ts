import { jwtKey } from "../src/config/keys";
import { TEST_JWT_SECRET, type TestApp } from "./app";
import { insertOwnBrand } from "./brand-rows";
import { startConnectorApp } from "./connector-harness";
import { type FakeGoogle, startFakeGoogle } from "./fake-google";
import { seedSignedInUser } from "./users";

/**
 * The app as the Google connectors' tests run it (Search Console, Google Ads and both together): the connector
 * harness's app (connector-harness.ts) with the Google client pointed at a local fake Google (fake-google.ts).
 */
export async function startGoogleConnectorsApp(): Promise<{
  google: FakeGoogle;
  t: TestApp;
  close(): Promise<void>;
}> {
  const google = await startFakeGoogle();
  return { google, ...(await startConnectorApp(google.env, () => google.close())) };
}

/** A signed-in owner whose workspace has its own brand Lumora, with the website and country given. */
export async function lumoraWorkspace(
  t: TestApp,
  { website = "https://www.lumora.example/", country = "GB" }: { website?: string; country?: string } = {},
) {
  const user = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
  return { ...user, brand: await insertOwnBrand(t.database.db, user.workspaceId, { website, country }) };
}
