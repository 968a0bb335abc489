// crypto.randomUUID exists only in secure contexts, and the app may be served over plain http on a LAN
// address; getRandomValues works everywhere.
export function newRequestId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join(
    "",
  );
}
