import { Button } from "@brandscope/ui/button";
import { Logo } from "@brandscope/ui/logo";
import { SideNav, type SideNavModuleId, sideNavModules } from "@brandscope/ui/side-nav";
import { Link, type LinkComponentProps } from "@tanstack/react-router";
import { useState } from "react";
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

// Until the user menu gets the signed-in user's name: the account actions as they were, in the top bar.
export function AccountActions() {
  const signOut = useSignOut();
  return (
    <div className="flex items-center gap-1">
      <Button asChild emphasis="ghost" size="sm">
        <Link to="/user/profile">Edit profile</Link>
      </Button>
      <Button emphasis="ghost" size="sm" onClick={signOut}>
        Logout
      </Button>
    </div>
  );
}
