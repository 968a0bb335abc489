/** Where onboarding starts: a first-time user goes there after signing in (docs/product.md §4). */
export const ONBOARDING_PATH = "/questionnaire/welcome";
export const HOME_PATH = "/content";

/**
 * Where to go once signed in: back to an invitation link opened in this tab, or to the invitation the account
 * signed up with (kept by the server, so a confirmation in another tab still leads there), to finish joining; else
 * onboarding the first time, else where the user was going, else /content.
 */
export function pathAfterSignIn(
  isFirstTime: boolean,
  redirect: string | undefined,
  invitedAtSignUp = false,
): string {
  if (pendingInvitation() || invitedAtSignUp) return INVITATION_PATH;
  if (isFirstTime) return ONBOARDING_PATH;
  return redirect ?? HOME_PATH;
}

/**
 * An invitation link's token, kept for this tab while its visitor signs in or signs up (which may take a
 * confirmation e-mail in between): sign-in then returns to /invitation to finish joining. Session storage, so
 * it ends with the tab and never outlives the visit.
 */
const KEY = "brandscope.invitation";

export const INVITATION_PATH = "/invitation";

export function rememberInvitation(token: string): void {
  try {
    sessionStorage.setItem(KEY, token);
  } catch {
    // Storage refused (private mode, quota): the link in the e-mail still works.
  }
}

export function pendingInvitation(): string | undefined {
  try {
    return sessionStorage.getItem(KEY) || undefined;
  } catch {
    return undefined;
  }
}

export function forgetInvitation(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
