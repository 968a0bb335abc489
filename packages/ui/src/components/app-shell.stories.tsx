import type { Meta, StoryObj } from "@storybook/react-vite";
import * as React from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { AppShell } from "./app-shell";
import { HelpPanel, type HelpTopic } from "./help-panel";
import { SideNav, type SideNavModuleId, sideNavModules } from "./side-nav";
import { StatCard } from "./stat-card";
import { SubscriptionBanner } from "./subscription-banner";
import { UserMenu } from "./user-menu";

const helpTopics: HelpTopic[] = [
  {
    id: "audience-personas",
    module: "audience",
    title: "Where do personas come from?",
    body: "From the public profiles that engage with your brand, grouped by interests and demographics.",
  },
  {
    id: "content-breakdown",
    module: "content",
    title: "What does the content breakdown show?",
    body: "How many posts your brand published on each network in the period.",
  },
];

type DemoProps = {
  banner?: boolean;
  /** A page several screens tall. */
  long?: boolean;
  onNavigate?: (id: string) => void;
  onLogout?: () => void;
};

/** What the web app composes: SideNav with links, the user menu in the top bar, the banner, the help panel. */
function Demo({ banner = true, long = false, onNavigate, onLogout = () => {} }: DemoProps) {
  const [current, setCurrent] = React.useState<SideNavModuleId>("audience");
  const [collapsed, setCollapsed] = React.useState(false);
  const [helpOpen, setHelpOpen] = React.useState(false);
  const title = sideNavModules.find((module) => module.id === current)?.label;
  return (
    <>
      <AppShell
        nav={
          <SideNav
            items={sideNavModules.map((module) => ({ ...module, current: module.id === current }))}
            renderLink={(item, props) => (
              <a
                href={`#${item.id}`}
                {...props}
                onClick={(event) => {
                  event.preventDefault();
                  setCurrent(item.id as SideNavModuleId);
                  onNavigate?.(item.id);
                }}
              />
            )}
            collapsed={collapsed}
            onCollapsedChange={setCollapsed}
            onHelpClick={() => setHelpOpen(true)}
            helpOpen={helpOpen}
          />
        }
        topBar={
          <UserMenu user={{ name: "Ada Lovelace", email: "ada@northwind.example" }} onLogout={onLogout} />
        }
        banner={banner ? <SubscriptionBanner variant="about_to_expire" remaining="3 days" /> : undefined}
      >
        <div className="flex flex-col gap-6 px-4 py-8 lg:px-10">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            <StatCard label="Audience size" value="1.28M" change={{ direction: "increase", value: "4.2%" }} />
            <StatCard label="Engagement" value="3.9%" change={{ direction: "decrease", value: "0.4%" }} />
            <StatCard label="Personas" value="6" change={{ direction: "unchanged" }} note="Sample data" />
          </div>
          {long ? <div data-testid="long-content" className="bg-muted h-[300vh] rounded-lg" /> : null}
        </div>
      </AppShell>
      <HelpPanel open={helpOpen} onOpenChange={setHelpOpen} topics={helpTopics} />
    </>
  );
}

const meta = {
  title: "Layout/App shell",
  component: AppShell,
  parameters: { layout: "fullscreen" },
  args: { nav: null },
  render: () => <Demo />,
} satisfies Meta<typeof AppShell>;

export default meta;
type Story = StoryObj<typeof meta>;

const desktop = { viewport: { value: "desktop", isRotated: false } };
const narrow = { viewport: { value: "narrow", isRotated: false } };
const body = () => within(document.body);

/** Wide screens: the navigation beside the page, the menu toggle hidden. */
export const Desktop: Story = {
  globals: desktop,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(canvas.queryByRole("button", { name: "Open navigation" })).toBeNull();
    await expect(canvas.getByRole("button", { name: "Ada Lovelace" })).toBeVisible();
    await expect(canvas.getByRole("main")).toHaveTextContent("Audience");
  },
};

export const DesktopDark: Story = { globals: { ...desktop, colourMode: "dark" } };

/** The whole frame: collapse the nav, choose a module, open help. */
export const DesktopFlow: Story = {
  globals: desktop,
  render: () => <Demo onNavigate={fn()} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("link", { name: "Competitors" }));
    await expect(canvas.getByRole("link", { name: "Competitors" })).toHaveAttribute("aria-current", "page");
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Competitors");

    const toggle = canvas.getByRole("button", { name: "Collapse navigation" });
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");

    await userEvent.click(canvas.getByRole("button", { name: "Help" }));
    const help = await body().findByRole("dialog", { name: "Help" });
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(help).not.toBeInTheDocument());
  },
};

/** A page several screens tall: the navigation's background runs to its end, and the navigation stays in view. */
export const LongPage: Story = {
  globals: desktop,
  render: () => <Demo long />,
  play: async ({ canvasElement }) => {
    const scroller = document.scrollingElement ?? document.documentElement;
    await expect(scroller.scrollHeight).toBeGreaterThan(2 * window.innerHeight);
    window.scrollTo(0, scroller.scrollHeight);
    // The bottom left corner of the last screen is the navigation's column, with its background.
    await waitFor(() =>
      expect(
        document.elementFromPoint(8, window.innerHeight - 2)?.closest("[data-slot=app-shell-nav-column]"),
      ).not.toBeNull(),
    );
    const column = canvasElement.querySelector("[data-slot=app-shell-nav-column]") as HTMLElement;
    await expect(getComputedStyle(column).backgroundColor).not.toBe("rgba(0, 0, 0, 0)");
    const nav = within(canvasElement).getByRole("navigation", { name: "Main" });
    await expect(nav.getBoundingClientRect().top).toBeLessThan(window.innerHeight);
    await expect(within(canvasElement).getByRole("button", { name: "Collapse navigation" })).toBeVisible();
    window.scrollTo(0, 0);
  },
};

export const WithoutBanner: Story = { globals: desktop, render: () => <Demo banner={false} /> };

/** Small screens: a menu button opens the navigation as a drawer (always expanded); a link closes it. */
export const MobileMenu: Story = {
  globals: narrow,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole("navigation", { name: "Main" })).toBeNull();
    const menu = canvas.getByRole("button", { name: "Open navigation" });
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(menu);

    const drawer = await body().findByRole("dialog", { name: "Navigation" });
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    const nav = within(drawer).getByRole("navigation", { name: "Main" });
    await expect(within(drawer).queryByRole("button", { name: /Collapse navigation/ })).toBeNull();
    await expect(drawer.querySelector("[data-slot=side-nav]")?.getBoundingClientRect().width).toBe(296);

    // Focus stays in the drawer.
    for (let step = 0; step < 10; step += 1) {
      await userEvent.tab();
      await expect(drawer.contains(document.activeElement)).toBe(true);
    }

    await userEvent.click(within(nav).getByRole("link", { name: "Intent" }));
    await waitFor(() => expect(body().queryByRole("dialog", { name: "Navigation" })).toBeNull());
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Intent");
  },
};

export const MobileMenuOpenDark: Story = {
  globals: { ...narrow, colourMode: "dark" },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Open navigation" }));
    await body().findByRole("dialog", { name: "Navigation" });
  },
};

/** The close button and Escape close the drawer too. */
export const MobileMenuCloses: Story = {
  globals: narrow,
  play: async ({ canvasElement }) => {
    const menu = within(canvasElement).getByRole("button", { name: "Open navigation" });
    await userEvent.click(menu);
    const drawer = await body().findByRole("dialog", { name: "Navigation" });
    await userEvent.click(within(drawer).getByRole("button", { name: "Close navigation" }));
    await waitFor(() => expect(body().queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(menu).toHaveFocus());
    await userEvent.click(menu);
    await body().findByRole("dialog", { name: "Navigation" });
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(body().queryByRole("dialog")).toBeNull());
  },
};
