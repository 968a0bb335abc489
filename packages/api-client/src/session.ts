/**
 * What the client needs from whoever owns the session (the web app's auth store).
 * The client never stores tokens itself, so the app stays the single source of truth.
 */
export interface SessionBridge {
  /** The bearer credential (the idToken); undefined when signed out. */
  getIdToken(): string | undefined;
  /** What POST /auth/refresh-token needs; undefined when there is nothing to refresh with. */
  getRefreshCredentials(): { email: string; refreshToken: string } | undefined;
  /**
   * Re-reads the session where the app's tabs share it (the web app: localStorage), so that the getters
   * answer with what another tab stored since: a refresh token it rotated, or its sign-out.
   */
  reload(): void;
  /**
   * Store the new tokens. Refresh tokens rotate on every use: keep `refreshToken` (the rotated one), or the
   * next refresh presents a spent token and the server revokes the whole session.
   */
  onTokenRefreshed(idToken: string, refreshToken?: string): void;
  /** Called once per failed refresh: the app clears the session and sends the user to /sign-in. */
  onSessionExpired(): void;
}
