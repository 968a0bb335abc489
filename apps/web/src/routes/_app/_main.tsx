import { AppShell } from "@brandscope/ui/app-shell";
import { createFileRoute, Outlet, useRouter } from "@tanstack/react-router";
import { useCallback, useState } from "react";
import { UpgradeModalProvider } from "~/features/billing/upgrade-modal-provider";
import { useAccentOnRoot } from "~/features/branding/applied-branding";
import { useColorMode } from "~/features/config/color-mode";
import { HelpLauncher, useHelpPanel } from "~/features/help/help-launcher";
import { SubscriptionBannerSlot } from "~/features/subscriptions/subscription-banner-slot";
import { PageFade } from "../-components/page-fade";
import { AccountMenu, MainNav } from "./-components/main-nav";

// The standard layout of signed-in screens; onboarding (/questionnaire) sits beside it, without it.
export const Route = createFileRoute("/_app/_main")({ component: MainLayout });

function MainLayout() {
  useColorMode();
  useAccentOnRoot();
  const router = useRouter();
  const currentPath = useCallback(() => router.state.location.pathname, [router]);
  const help = useHelpPanel(currentPath);
  // Controlled so that Help, chosen in the small-screen drawer, closes the drawer before the panel opens.
  const [navOpen, setNavOpen] = useState(false);
  const { openHelp } = help;
  const onHelpClick = useCallback(() => {
    setNavOpen(false);
    openHelp();
  }, [openHelp]);

  return (
    // One upgrade modal for the banner, the user menu, the profile and the modules' upgrade prompts.
    <UpgradeModalProvider>
      <AppShell
        nav={<MainNav onHelpClick={onHelpClick} helpOpen={help.open} />}
        topBar={<AccountMenu />}
        mobileNavOpen={navOpen}
        onMobileNavOpenChange={setNavOpen}
      >
        <SubscriptionBannerSlot />
        <PageFade>
          <div className="px-10 py-8">
            <Outlet />
          </div>
        </PageFade>
      </AppShell>
      <HelpLauncher
        open={help.open}
        onOpenChange={help.onOpenChange}
        module={help.module}
        onModuleChange={help.onModuleChange}
      />
    </UpgradeModalProvider>
  );
}
