/**
 * Remembers the assertions already used to sign in, so that a captured response cannot be posted again (a
 * bearer assertion is all it takes). saml-replay.repo.ts keeps them in PostgreSQL, shared by every server.
 */
export interface SamlReplayGuard {
  /**
   * Records one use of the assertion, remembered until `expiresAt`. False when it was already used: a replay.
   */
  claim(p: { issuer: string; assertionId: string; expiresAt: Date; now: Date }): Promise<boolean>;
}
