import { createFileRoute, redirect } from "@tanstack/react-router";

// One address for the sign-in screen: / and /login lead there.
export const Route = createFileRoute("/_public/")({
  beforeLoad: () => {
    throw redirect({ to: "/sign-in", replace: true });
  },
});
