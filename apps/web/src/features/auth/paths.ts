/** Where onboarding starts: a first-time user goes there after signing in (spec §4). */
export const ONBOARDING_PATH = "/questionnaire/welcome";
export const HOME_PATH = "/content";

/** Where to go once signed in: onboarding the first time, else where the user was going, else /content. */
export function pathAfterSignIn(isFirstTime: boolean, redirect: string | undefined): string {
  if (isFirstTime) return ONBOARDING_PATH;
  return redirect ?? HOME_PATH;
}
