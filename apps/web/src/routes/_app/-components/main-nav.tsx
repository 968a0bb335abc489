import { Logo } from "@brandscope/ui/logo";
import { SideNav, type SideNavModuleId, sideNavModules } from "@brandscope/ui/side-nav";
import { UserMenu } from "@brandscope/ui/user-menu";
import { useQuery } from "@tanstack/react-query";
import { Link, type LinkComponentProps } from "@tanstack/react-router";
import { useState } from "react";
import { meOptions } from "~/features/user/queries";
import { useAuth } from "~/lib/auth";
import { useSignOut } from "~/lib/sign-out";

const moduleRoutes = {
  content: "/content",
  competitor: "/competitor",
  audience: "/audience",
  influencer: "/influencer",
  intent: "/intent",
} as const satisfies Record<SideNavModuleId, LinkComponentProps["to"]>;

// Still to come from the web app: persisting `collapsed`, the Help entry with its panel (onHelpClick).
export function MainNav() {
  const [collapsed, setCollapsed] = useState(false);
  return (
    <SideNav
      label="Modules"
      items={sideNavModules}
      // The router marks the active link with aria-current="page" itself.
      renderLink={(item, props) => <Link to={moduleRoutes[item.id as SideNavModuleId]} {...props} />}
      collapsed={collapsed}
      onCollapsedChange={setCollapsed}
      logo={
        <Link to="/content" aria-label="Brandscope">
          <Logo aria-hidden className={collapsed ? "[&_[data-slot=logo-wordmark]]:hidden" : undefined} />
        </Link>
      }
    />
  );
}

/** The user menu of the top bar (spec §2): the user's picture and name, Edit profile and Logout. */
export function AccountMenu() {
  const signOut = useSignOut();
  const session = useAuth();
  // The cache has the freshest details (a saved profile, a new picture); the session has them on first paint.
  const { data: me } = useQuery(meOptions());
  const user = me ?? session.user;
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(" ").trim() || user?.email || "Account";
  return (
    <UserMenu
      className="ml-auto"
      user={{ name, email: user?.email, pictureUrl: user?.profilePicture }}
      renderEditProfileLink={(children) => <Link to="/user/profile">{children}</Link>}
      onLogout={() => void signOut()}
    />
  );
}
