import { AppShell } from "@brandscope/ui/app-shell";
import { createFileRoute, Outlet, retainSearchParams, useRouter } from "@tanstack/react-router";
import { useCallback, useState } from "react";
import { UpgradeModalProvider } from "~/features/billing/upgrade-modal-provider";
import { BrandSwitcherSlot } from "~/features/brand/brand-switcher-slot";
import { keepKnownBrand } from "~/features/brand/keep-known-brand";
import { useAccentOnRoot } from "~/features/branding/applied-branding";
import { useColorMode } from "~/features/config/color-mode";
import { HelpLauncher, useHelpPanel } from "~/features/help/help-launcher";
import { SubscriptionBannerSlot } from "~/features/subscriptions/subscription-banner-slot";
import { currentBrand, useCurrentBrand } from "~/lib/current-brand";
import { PageFade } from "../-components/page-fade";
import { AccountMenu, MainNav } from "./-components/main-nav";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `?brand=<id>`: the brand the screens show (lib/current-brand.ts); anything else in it is dropped. */
const brandSearch = (search: Record<string, unknown>): { brand?: string } =>
  typeof search.brand === "string" && UUID.test(search.brand) ? { brand: search.brand } : {};

// The standard layout of signed-in screens; onboarding (/questionnaire) sits beside it, without it.
export const Route = createFileRoute("/_app/_main")({
  validateSearch: brandSearch,
  // Every link between the screens keeps the chosen brand in the URL.
  search: { middlewares: [retainSearchParams(["brand"])] },
  beforeLoad: async ({ search, context }) => {
    if (search.brand) currentBrand.set(search.brand);
    await keepKnownBrand(context.queryClient);
  },
  component: MainLayout,
});

function MainLayout() {
  useColorMode();
  useAccentOnRoot();
  const router = useRouter();
  const currentPath = useCallback(() => router.state.location.pathname, [router]);
  const help = useHelpPanel(currentPath);
  // Controlled so that Help, chosen in the small-screen drawer, closes the drawer before the panel opens.
  const [navOpen, setNavOpen] = useState(false);
  const { openHelp } = help;
  const brandId = useCurrentBrand();
  const onHelpClick = useCallback(() => {
    setNavOpen(false);
    openHelp();
  }, [openHelp]);

  return (
    // One upgrade modal for the banner, the user menu, the profile and the modules' upgrade prompts.
    <UpgradeModalProvider>
      <AppShell
        nav={<MainNav onHelpClick={onHelpClick} helpOpen={help.open} />}
        topBar={
          <>
            <BrandSwitcherSlot />
            <AccountMenu />
          </>
        }
        mobileNavOpen={navOpen}
        onMobileNavOpenChange={setNavOpen}
      >
        <SubscriptionBannerSlot />
        {/* A new brand mounts the page anew: its queries then read the new brand's keys (lib/current-brand.ts). */}
        <PageFade key={brandId ?? "newest"}>
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
