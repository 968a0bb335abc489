/**
 * Query parameters that carry a secret: invitation and reset tokens, OAuth codes and states, SAML hand-offs,
 * signatures, keys. A name that only ends so (keyword, countryCode) is not one.
 */
const SECRET_PARAMETER =
  /(^|[^a-z])(token|code|state|secret|password|signature|sig|key|handoff)$|token$|apikey$/i;

/**
 * A request URL fit for a log line: the value of every parameter that may carry a secret is replaced. An
 * invitation link (/invitation?token=…) or an OpenID callback (?code=…&state=…) is logged without what opens it.
 */
export function redactUrl(url: string): string {
  const query = url.indexOf("?");
  if (query < 0) return url;
  const parts = url
    .slice(query + 1)
    .split("&")
    .map((part) => {
      const equals = part.indexOf("=");
      const name = equals < 0 ? part : part.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, " "));
      } catch {
        // A malformed name is matched as it was sent.
      }
      return equals >= 0 && SECRET_PARAMETER.test(decoded) ? `${name}=[redacted]` : part;
    });
  return `${url.slice(0, query)}?${parts.join("&")}`;
}
