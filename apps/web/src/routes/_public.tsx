import { LoadingScreen } from "@brandscope/ui/loading-screen";
import { createFileRoute, Outlet, redirect } from "@tanstack/react-router";
import { PageFade } from "./-components/page-fade";
import { PublicFrame } from "./-components/public-frame";
import { WideScreenOnly } from "./-components/wide-screen-only";

export const Route = createFileRoute("/_public")({
  beforeLoad: async ({ context }) => {
    if (await context.auth.ensureSession()) throw redirect({ to: "/content" });
  },
  // While the session is checked; a check that answers quickly never flashes it.
  pendingComponent: LoadingScreen,
  pendingMs: 200,
  component: PublicLayout,
});

function PublicLayout() {
  return (
    <WideScreenOnly>
      <PublicFrame>
        <PageFade>
          <Outlet />
        </PageFade>
      </PublicFrame>
    </WideScreenOnly>
  );
}
