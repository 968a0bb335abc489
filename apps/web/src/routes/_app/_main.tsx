import { AppShell } from "@brandscope/ui/app-shell";
import { createFileRoute, Outlet } from "@tanstack/react-router";
import { PageFade } from "../-components/page-fade";
import { AccountMenu, MainNav } from "./-components/main-nav";

// The standard layout of signed-in screens; onboarding (/questionnaire) sits beside it, without it.
export const Route = createFileRoute("/_app/_main")({ component: MainLayout });

function MainLayout() {
  return (
    <AppShell nav={<MainNav />} topBar={<AccountMenu />}>
      <PageFade>
        <div className="px-10 py-8">
          <Outlet />
        </div>
      </PageFade>
    </AppShell>
  );
}
