import { LoadingScreen } from "@brandscope/ui/loading-screen";
import { createFileRoute, Outlet, redirect } from "@tanstack/react-router";
import { isSignedIn } from "~/lib/auth";
import { startMatchedScreens } from "~/lib/early-screen";
import { WideScreenOnly } from "./-components/wide-screen-only";

export const Route = createFileRoute("/_app")({
  beforeLoad: async ({ context, location, matches }) => {
    // Beside the session check, not after it; a visitor with no stored session is only sent to /sign-in.
    if (isSignedIn(context.auth.get())) startMatchedScreens(matches, context);
    const session = await context.auth.ensureSession();
    if (!session) throw redirect({ to: "/sign-in", search: { redirect: location.href } });
    return { session };
  },
  // While the session is checked; a check that answers quickly never flashes it. Once shown it stays 100 ms, not
  // the router's default 500: that minimum held every signed-in first load for half a second after its data had
  // arrived (issue 17, time to the first chart).
  pendingComponent: LoadingScreen,
  pendingMs: 200,
  pendingMinMs: 100,
  component: ProtectedLayout,
});

function ProtectedLayout() {
  return (
    <WideScreenOnly>
      <Outlet />
    </WideScreenOnly>
  );
}
