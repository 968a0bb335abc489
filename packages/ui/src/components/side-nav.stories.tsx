import type { Meta, StoryObj } from "@storybook/react-vite";
import * as React from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { SideNav, type SideNavItem, type SideNavLinkProps, sideNavModules } from "./side-nav";

const renderLink = (item: SideNavItem, props: SideNavLinkProps) => <a href={`#${item.id}`} {...props} />;

/** The app keeps `collapsed` (and persists it); the story keeps it in state. */
function StatefulSideNav({
  initiallyCollapsed = false,
  ...props
}: Omit<React.ComponentProps<typeof SideNav>, "collapsed"> & { initiallyCollapsed?: boolean }) {
  const [collapsed, setCollapsed] = React.useState(initiallyCollapsed);
  return (
    <SideNav
      {...props}
      collapsed={collapsed}
      onCollapsedChange={(next) => {
        setCollapsed(next);
        props.onCollapsedChange?.(next);
      }}
    />
  );
}

const meta = {
  title: "Layout/Side nav",
  component: SideNav,
  parameters: { layout: "fullscreen" },
  decorators: [
    (Story) => (
      <div className="border-sidebar-border flex h-[640px] w-fit border-r">
        <Story />
      </div>
    ),
  ],
  args: {
    items: sideNavModules.map((module) => ({ ...module, current: module.id === "audience" })),
    renderLink,
    onHelpClick: fn(),
    onCollapsedChange: fn(),
  },
  render: (args) => <StatefulSideNav {...args} />,
} satisfies Meta<typeof SideNav>;

export default meta;
type Story = StoryObj<typeof meta>;

const toggle = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole("button", { name: /(Collapse|Expand) navigation/ });
const sideNav = (canvasElement: HTMLElement) => {
  const element = canvasElement.querySelector<HTMLElement>("[data-slot=side-nav]");
  if (!element) throw new Error("no side nav");
  return element;
};

export const Expanded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = canvas.getByRole("navigation", { name: "Main" });
    for (const name of ["Content", "Competitors", "Audience", "Influencers", "Intent"]) {
      await expect(within(nav).getByRole("link", { name })).toBeVisible();
    }
    await expect(within(nav).getByRole("link", { name: "Audience" })).toHaveAttribute("aria-current", "page");
    await expect(within(nav).getByRole("link", { name: "Content" })).not.toHaveAttribute("aria-current");
    await expect(sideNav(canvasElement).getBoundingClientRect().width).toBe(296);
  },
};

/** The toggle's aria-expanded follows the state, the width animates 296 ↔ 103 px and names stay. */
export const CollapseToggle: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const button = toggle(canvasElement);
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(button).toHaveAccessibleName("Collapse navigation");

    await userEvent.click(button);
    await expect(args.onCollapsedChange).toHaveBeenLastCalledWith(true);
    await expect(toggle(canvasElement)).toHaveAttribute("aria-expanded", "false");
    await expect(toggle(canvasElement)).toHaveAccessibleName("Expand navigation");
    await waitFor(() => expect(sideNav(canvasElement).getBoundingClientRect().width).toBe(103));
    // Icon only, but every link still has its name.
    await expect(canvas.getByRole("link", { name: "Influencers" })).toBeVisible();

    await userEvent.click(toggle(canvasElement));
    await expect(args.onCollapsedChange).toHaveBeenLastCalledWith(false);
    await expect(toggle(canvasElement)).toHaveAttribute("aria-expanded", "true");
    await waitFor(() => expect(sideNav(canvasElement).getBoundingClientRect().width).toBe(296));
  },
};

export const Collapsed: Story = {
  render: (args) => <StatefulSideNav {...args} initiallyCollapsed />,
  play: async ({ canvasElement }) => {
    await expect(toggle(canvasElement)).toHaveAttribute("aria-expanded", "false");
    await expect(sideNav(canvasElement).getBoundingClientRect().width).toBe(103);
  },
};

/** Help is a button that opens the help panel, never a link to a route. */
export const HelpOpensPanel: Story = {
  args: { helpOpen: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole("link", { name: "Help" })).toBeNull();
    const help = canvas.getByRole("button", { name: "Help" });
    await expect(help).toHaveAttribute("aria-haspopup", "dialog");
    await userEvent.click(help);
    await expect(args.onHelpClick).toHaveBeenCalledOnce();
  },
};

/** Keyboard: Tab walks the links, then Help, then the toggle; Enter/Space work as usual. */
export const KeyboardOrder: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole("link", { name: "Content" })).toHaveFocus();
    for (let step = 0; step < 5; step += 1) await userEvent.tab();
    await expect(canvas.getByRole("button", { name: "Help" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect(args.onHelpClick).toHaveBeenCalledOnce();
    await userEvent.tab();
    await expect(toggle(canvasElement)).toHaveFocus();
    await userEvent.keyboard(" ");
    await expect(toggle(canvasElement)).toHaveAttribute("aria-expanded", "false");
  },
};

export const ExpandedDark: Story = { globals: { colourMode: "dark" } };

export const CollapsedDark: Story = { ...Collapsed, globals: { colourMode: "dark" } };

/** Without onCollapsedChange or onHelpClick, neither button shows. */
export const Minimal: Story = {
  args: { onHelpClick: undefined, onCollapsedChange: undefined },
  render: (args) => <SideNav {...args} />,
};
