import type { AnyRouter } from "@tanstack/react-router";
import { notify } from "~/lib/notify";

const id = "account-confirmed";

/**
 * 'Your e-mail address is confirmed, sign in': a toast about the sign-in screen, which the user is sent to next.
 * It goes as soon as they leave that screen (signed in, on to onboarding) instead of following them.
 */
export function notifyAccountConfirmed(router: AnyRouter, message: string) {
  notify.success(message, { id });
  const stop = router.subscribe("onResolved", ({ toLocation }) => {
    if (toLocation.pathname === "/sign-in") return;
    notify.dismiss(id);
    stop();
  });
}
