/** Who a token speaks for: the user, their workspace, and the sign-in (session) it came from. */
export interface TokenSubject {
  userId: string;
  workspaceId: string;
  sessionId: string;
}
