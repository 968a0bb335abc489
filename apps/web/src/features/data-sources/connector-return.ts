import { useSearch } from "@tanstack/react-router";

/**
 * The outcome the server's redirect after a provider's consent put in the address
 * (`/data-sources?connector=<connector>&status=…` or `&error=…`), as a sentence of `messages`; null when the user is
 * not back from that provider.
 */
export function useConnectorReturn(
  connector: string,
  messages: Record<string, string>,
  failedFallback: string,
): { message: string; failed: boolean } | null {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  if (search.connector !== connector) return null;
  const error = typeof search.error === "string" ? search.error : undefined;
  const status = typeof search.status === "string" ? search.status : undefined;
  if (error) return { message: messages[error] ?? failedFallback, failed: true };
  return status && messages[status] ? { message: messages[status], failed: false } : null;
}
