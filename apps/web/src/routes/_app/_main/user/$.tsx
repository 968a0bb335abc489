import { createFileRoute, redirect } from "@tanstack/react-router";

// The user area has one screen so far; any other address in it opens the profile.
export const Route = createFileRoute("/_app/_main/user/$")({
  beforeLoad: () => {
    throw redirect({ to: "/user/profile", replace: true });
  },
});
