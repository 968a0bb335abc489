import { Logo } from "@brandscope/ui/logo";
import { SideNav, sideNavBrand, sideNavDataSources, sideNavModules } from "@brandscope/ui/side-nav";
import { UserMenu } from "@brandscope/ui/user-menu";
import { useQuery } from "@tanstack/react-query";
import { Link, type LinkComponentProps } from "@tanstack/react-router";
// For its effect: the stored colour mode goes on <html> as soon as the layout's chunk runs. Imported here, not
// in _main.tsx, whose top level the router's code splitting keeps in the app's entry chunk.
import "~/features/config/apply-stored-color-mode";
import { NotificationsSlot } from "~/features/alerts/notifications-slot";
import { useUpgradeModal } from "~/features/billing/upgrade-modal-provider";
import { useAppliedBranding } from "~/features/branding/applied-branding";
import { useConfig } from "~/features/config/config-store";
import { meOptions } from "~/features/user/queries";
import { useAuth } from "~/lib/auth";
import { useSignOut } from "~/lib/sign-out";

const navItems = [...sideNavModules, sideNavBrand, sideNavDataSources];

const navRoutes = {
  content: "/content",
  competitor: "/competitor",
  audience: "/audience",
  influencer: "/influencer",
  intent: "/intent",
  brand: "/brand",
  "data-sources": "/data-sources",
} as const satisfies Record<(typeof navItems)[number]["id"], LinkComponentProps["to"]>;

export type MainNavProps = {
  /** Opens the help panel (the layout owns it: one panel for the rail and the small-screen drawer). */
  onHelpClick: () => void;
  helpOpen: boolean;
};

/**
 * The module links, Brand, Data sources, Help, and the collapse toggle, whose state persists in the `config` area
 * (docs/product.md §2).
 */
export function MainNav({ onHelpClick, helpOpen }: MainNavProps) {
  const [{ navCollapsed: collapsed }, updateConfig] = useConfig();
  const logo = useAppliedBranding()?.logo;
  const workspace = useAuth().user?.workspace?.name;
  return (
    <SideNav
      label="Modules"
      items={navItems}
      // The router marks the active link with aria-current="page" itself.
      renderLink={(item, props) => <Link to={navRoutes[item.id as keyof typeof navRoutes]} {...props} />}
      collapsed={collapsed}
      onCollapsedChange={(next) => updateConfig({ navCollapsed: next })}
      onHelpClick={onHelpClick}
      helpOpen={helpOpen}
      logo={
        <>
          {/* The dashboard is in no list of the navigation: the logo is the way there (docs/product.md §2). */}
          <Link to="/dashboard" aria-label="Brandscope dashboard">
            <Logo aria-hidden className={collapsed ? "[&_[data-slot=logo-wordmark]]:hidden" : undefined} />
          </Link>
          {/* The workspace's own logo (custom branding), beside Brandscope's while the rail is open. */}
          {logo && !collapsed ? (
            <img
              src={logo}
              alt={`${workspace ?? "Workspace"} logo`}
              data-slot="workspace-logo"
              className="h-8 max-w-28 min-w-0 object-contain"
            />
          ) : null}
        </>
      }
    />
  );
}

/**
 * The notifications bell (docs/alerts.md) and the user menu of the top bar (docs/product.md §2): the user's picture
 * and name, Edit profile and Logout, plus the
 * colour mode (Light, Dark, System), stored in the `config` area and applied by the layout. A Starter workspace's
 * owner also gets 'Upgrade plan', which opens the upgrade modal.
 */
export function AccountMenu() {
  const signOut = useSignOut();
  const session = useAuth();
  // The cache has the freshest details (a saved profile, a new picture); the session has them on first paint.
  const { data: me } = useQuery(meOptions());
  const [{ colorMode }, updateConfig] = useConfig();
  const user = me ?? session.user;
  const upgrade = useUpgradeModal();
  const canUpgrade =
    upgrade.available &&
    user?.subscription?.type === "starter" &&
    (!user.workspace || user.workspace.role === "owner");
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(" ").trim() || user?.email || "Account";
  return (
    <div className="ml-auto flex items-center gap-2">
      {/* Alerts (issue 31): the notifications bell beside the account menu, in this chunk rather than _main.tsx's. */}
      <NotificationsSlot />
      <UserMenu
        user={{ name, email: user?.email, pictureUrl: user?.profilePicture }}
        renderEditProfileLink={(children) => <Link to="/user/profile">{children}</Link>}
        onLogout={() => void signOut()}
        onUpgrade={canUpgrade ? () => upgrade.open("pricing") : undefined}
        colorMode={colorMode}
        onColorModeChange={(mode) => updateConfig({ colorMode: mode })}
      />
    </div>
  );
}
