import { Button } from "@brandscope/ui/button";
import { Logo } from "@brandscope/ui/logo";
import { Link, type LinkComponentProps } from "@tanstack/react-router";
import { useSignOut } from "~/lib/sign-out";

// Until the full navigation (collapse, help panel, user menu) arrives, the modules and the account actions.
const modules = [
  { to: "/content", label: "Content" },
  { to: "/competitor", label: "Competitors" },
  { to: "/audience", label: "Audience" },
  { to: "/influencer", label: "Influencers" },
  { to: "/intent", label: "Intent" },
] as const satisfies readonly { to: LinkComponentProps["to"]; label: string }[];

const itemClass =
  "flex h-9 items-center rounded-md px-3 font-medium text-sm text-sidebar-foreground hover:bg-sidebar-accent data-[status=active]:bg-sidebar-accent data-[status=active]:text-sidebar-accent-foreground";

export function MainNav() {
  const signOut = useSignOut();
  return (
    <div className="flex flex-1 flex-col gap-8 px-4 py-6">
      <Link to="/content" className="px-3">
        <Logo />
      </Link>
      <nav aria-label="Modules" className="flex flex-col gap-1">
        {modules.map(({ to, label }) => (
          <Link key={to} to={to} className={itemClass}>
            {label}
          </Link>
        ))}
      </nav>
      <div className="border-sidebar-border mt-auto flex flex-col gap-1 border-t pt-4">
        <Link to="/user/profile" className={itemClass}>
          Edit profile
        </Link>
        <Button emphasis="ghost" className="justify-start px-3" onClick={signOut}>
          Logout
        </Button>
      </div>
    </div>
  );
}
