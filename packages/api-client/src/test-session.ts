import type { SessionBridge } from "./session";

/** The app's session store reduced to what the client sees, recording what the client asked of it. */
export class TestSession implements SessionBridge {
  refreshedTokens: string[] = [];
  expiredCalls = 0;

  constructor(
    public idToken: string | undefined,
    public credentials?: { email: string; refreshToken: string },
  ) {}

  getIdToken(): string | undefined {
    return this.idToken;
  }

  getRefreshCredentials(): { email: string; refreshToken: string } | undefined {
    return this.credentials;
  }

  onTokenRefreshed(idToken: string, refreshToken?: string): void {
    this.refreshedTokens.push(idToken);
    this.idToken = idToken;
    if (this.credentials && refreshToken) this.credentials = { ...this.credentials, refreshToken };
  }

  // Like the app: the session is cleared, so nothing is left to refresh with.
  onSessionExpired(): void {
    this.expiredCalls += 1;
    this.idToken = undefined;
    this.credentials = undefined;
  }
}
