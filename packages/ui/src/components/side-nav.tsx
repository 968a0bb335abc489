import {
  DatabaseZap,
  FileText,
  LifeBuoy,
  PanelLeftClose,
  PanelLeftOpen,
  Search,
  Store,
  Swords,
  UserStar,
  Users,
} from "lucide-react";
import * as React from "react";
import { cn } from "../lib/cn";
import { Logo, LogoMark } from "./logo";

/**
 * The modules, in the order of docs/product.md §2 "Main layout", with their labels and icons; the app adds where
 * each one links to.
 */
export const sideNavModules = [
  { id: "content", label: "Content", icon: <FileText /> },
  { id: "competitor", label: "Competitors", icon: <Swords /> },
  { id: "audience", label: "Audience", icon: <Users /> },
  { id: "influencer", label: "Influencers", icon: <UserStar /> },
  { id: "intent", label: "Intent", icon: <Search /> },
] as const satisfies readonly SideNavItem[];

export type SideNavModuleId = (typeof sideNavModules)[number]["id"];

/** The brand itself (its website, links, market and competitors): after the modules in the navigation. */
export const sideNavBrand = {
  id: "brand",
  label: "Brand",
  icon: <Store />,
} as const satisfies SideNavItem;

/** Where the brand's data comes in (imports, connected platforms): after the brand in the navigation. */
export const sideNavDataSources = {
  id: "data-sources",
  label: "Data sources",
  icon: <DatabaseZap />,
} as const satisfies SideNavItem;

export type SideNavItem = {
  id: string;
  label: string;
  icon: React.ReactNode;
  /** The page the user is on: marked with aria-current="page". Router links may set that themselves instead. */
  current?: boolean;
};

/** What SideNav hands to `renderLink`: spread all of it on the link element (an <a> or a router link). */
export type SideNavLinkProps = {
  className: string;
  children: React.ReactNode;
  "data-slot": "side-nav-link";
  "aria-current"?: "page";
  /** Set when collapsed: the label is then only in the tooltip and for assistive technology. */
  title?: string;
};

/**
 * Where the nav sits: "rail" beside the page (collapsible), or "drawer" over it on small screens (always
 * expanded). AppShell sets it; a SideNav on its own is a rail.
 */
export const SideNavPlacementContext = React.createContext<"rail" | "drawer">("rail");

export type SideNavProps = Omit<React.ComponentProps<"div">, "children"> & {
  items: readonly SideNavItem[];
  /** Renders one item as a link: `renderLink(item, props)` → `<Link to={…} {...props} />`. */
  renderLink: (item: SideNavItem, props: SideNavLinkProps) => React.ReactNode;
  /** Only the labels' icons show, in a 103 px rail (296 px expanded). Controlled, so the app can persist it. */
  collapsed?: boolean;
  onCollapsedChange?: (collapsed: boolean) => void;
  /** The Help entry: a button, never a route. Without it there is no Help entry. */
  onHelpClick?: () => void;
  /** Whether the help panel is open (the Help button's aria-expanded). */
  helpOpen?: boolean;
  /** Replaces the logo at the top, e.g. a router link around <Logo />. */
  logo?: React.ReactNode;
  /** The accessible name of the navigation landmark. */
  label?: string;
};

const itemClasses = [
  "group/item flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium whitespace-nowrap",
  "text-sidebar-foreground hover:bg-sidebar-accent hover:text-sidebar-accent-foreground transition-colors",
  "focus-visible:ring-ring/50 outline-none focus-visible:ring-[3px]",
  "aria-[current=page]:bg-sidebar-accent aria-[current=page]:text-sidebar-accent-foreground",
  "[&_svg]:size-5 [&_svg]:shrink-0",
  // collapsed: icon only, centred in the rail
  "group-data-[collapsed=true]/side-nav:justify-center group-data-[collapsed=true]/side-nav:px-0",
].join(" ");

/**
 * The main navigation: the module links (rendered by the caller, so ui stays router-free), a Help button
 * that opens the help panel, and a toggle between 296 px and 103 px.
 */
export function SideNav({
  className,
  items,
  renderLink,
  collapsed: collapsedProp = false,
  onCollapsedChange,
  onHelpClick,
  helpOpen,
  logo,
  label = "Main",
  id,
  ...props
}: SideNavProps) {
  const placement = React.useContext(SideNavPlacementContext);
  const collapsed = placement === "rail" && collapsedProp;
  const generatedId = React.useId();
  const navId = id ?? `${generatedId}-side-nav`;

  const labelFor = (text: string) => (
    <span data-slot="side-nav-label" className="truncate group-data-[collapsed=true]/side-nav:sr-only">
      {text}
    </span>
  );

  return (
    <div
      id={navId}
      data-slot="side-nav"
      data-collapsed={collapsed}
      data-placement={placement}
      className={cn(
        "group/side-nav bg-sidebar text-sidebar-foreground flex h-full flex-col gap-6 overflow-hidden py-6",
        "w-74 px-4 transition-[width] duration-200 ease-out motion-reduce:transition-none",
        "data-[collapsed=true]:w-[103px]",
        className,
      )}
      {...props}
    >
      <div
        data-slot="side-nav-header"
        className="flex h-9 items-center justify-between gap-2 px-3 group-data-[collapsed=true]/side-nav:justify-center group-data-[collapsed=true]/side-nav:px-0"
      >
        {logo ??
          (collapsed ? <LogoMark role="img" aria-label="Brandscope" aria-hidden={undefined} /> : <Logo />)}
      </div>
      <nav aria-label={label} className="flex flex-1 flex-col gap-1">
        <ul className="flex flex-col gap-1">
          {items.map((item) => (
            <li key={item.id}>
              {renderLink(item, {
                "data-slot": "side-nav-link",
                className: itemClasses,
                "aria-current": item.current ? "page" : undefined,
                title: collapsed ? item.label : undefined,
                children: (
                  <>
                    {item.icon}
                    {labelFor(item.label)}
                  </>
                ),
              })}
            </li>
          ))}
        </ul>
      </nav>
      <div data-slot="side-nav-footer" className="flex flex-col gap-1">
        {onHelpClick ? (
          <button
            type="button"
            data-slot="side-nav-help"
            aria-haspopup="dialog"
            aria-expanded={helpOpen}
            title={collapsed ? "Help" : undefined}
            onClick={onHelpClick}
            className={cn(itemClasses, "w-full")}
          >
            <LifeBuoy />
            {labelFor("Help")}
          </button>
        ) : null}
        {placement === "rail" && onCollapsedChange ? (
          <button
            type="button"
            data-slot="side-nav-toggle"
            aria-expanded={!collapsed}
            aria-controls={navId}
            title={collapsed ? "Expand navigation" : undefined}
            onClick={() => onCollapsedChange(!collapsed)}
            className={cn(itemClasses, "text-muted-foreground w-full")}
          >
            {collapsed ? <PanelLeftOpen /> : <PanelLeftClose />}
            {labelFor(collapsed ? "Expand navigation" : "Collapse navigation")}
          </button>
        ) : null}
      </div>
    </div>
  );
}
