import type { SessionBridge } from "./session";
import type { CrossTabLock } from "./token-refresh";

type Credentials = { email: string; refreshToken: string };

/** What the tabs of one browser share: the session as the app stores it (localStorage `auth`). */
export interface StoredSession {
  idToken: string | undefined;
  credentials: Credentials | undefined;
}

/**
 * The app's session store reduced to what the client sees, recording what the client asked of it. Like the
 * app, it keeps its own copy of the session and writes each change through to `stored`, which tabs may share.
 */
export class TestSession implements SessionBridge {
  refreshedTokens: string[] = [];
  expiredCalls = 0;
  readonly stored: StoredSession;

  constructor(
    public idToken: string | undefined,
    public credentials?: Credentials,
    stored?: StoredSession,
  ) {
    this.stored = stored ?? { idToken, credentials };
  }

  getIdToken(): string | undefined {
    return this.idToken;
  }

  getRefreshCredentials(): Credentials | undefined {
    return this.credentials;
  }

  reload(): void {
    ({ idToken: this.idToken, credentials: this.credentials } = this.stored);
  }

  onTokenRefreshed(idToken: string, refreshToken?: string): void {
    this.refreshedTokens.push(idToken);
    this.idToken = idToken;
    if (this.credentials && refreshToken) this.credentials = { ...this.credentials, refreshToken };
    this.store();
  }

  // Like the app: the session is cleared, so nothing is left to refresh with.
  onSessionExpired(): void {
    this.expiredCalls += 1;
    this.idToken = undefined;
    this.credentials = undefined;
    this.store();
  }

  private store(): void {
    this.stored.idToken = this.idToken;
    this.stored.credentials = this.credentials;
  }
}

/** One lock for the tabs of a test, granted in the order asked, as navigator.locks grants exclusive ones. */
export function createTestLock(): CrossTabLock {
  let last: Promise<unknown> = Promise.resolve();
  return (task) => {
    const run = last.then(task);
    last = run.catch(() => undefined);
    return run;
  };
}
