import { AuthLayout, type Testimonial } from "@brandscope/ui/auth-layout";
import { LoadingScreen } from "@brandscope/ui/loading-screen";
import { createFileRoute, Link, Outlet, redirect } from "@tanstack/react-router";
import { PageFade } from "./-components/page-fade";
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

const testimonial: Testimonial = {
  quote:
    "Our competitors, our audience and the keywords people search for now sit on one screen. Monday planning takes twenty minutes instead of an afternoon.",
  name: "Maya Lindqvist",
  role: "Head of Brand, Northwind Outdoor",
};

function PublicLayout() {
  return (
    <WideScreenOnly>
      <AuthLayout
        testimonial={testimonial}
        links={
          <>
            <Link to="/privacy">Privacy policy</Link>
            <Link to="/faq">FAQ</Link>
          </>
        }
      >
        <PageFade>
          <Outlet />
        </PageFade>
      </AuthLayout>
    </WideScreenOnly>
  );
}
