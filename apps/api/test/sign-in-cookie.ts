/**
 * The browser's half of a sign-in's binding (src/modules/auth/sign-in-browser.ts): the `name=value` of the
 * sign-in cookie a start's answer set, as the browser sends it back in its Cookie header.
 */
export function signInCookieOf(response: { headers: Record<string, unknown> }): string {
  const header = response.headers["set-cookie"];
  const lines = Array.isArray(header) ? header.map(String) : [String(header ?? "")];
  const line = lines.find((candidate) => candidate.startsWith("brandscope_sign_in="));
  if (!line) throw new Error(`no sign-in cookie was set: ${lines.join(" | ")}`);
  return line.split(";")[0] ?? "";
}
