import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { type NotificationGroup, NotificationsMenu } from "./notifications-menu";

const item = (id: string, title: string, read = false) => ({
  id,
  title,
  detail: "130 engagements per post between 23–29 Nov 2026, against a usual 100.",
  href: `#/content?alert=${id}`,
  when: "2 hours ago",
  read,
});

const groups: NotificationGroup[] = [
  { id: "g1", items: [item("a1", "Engagement spike for Oakridge Roasters")] },
  {
    id: "g2",
    items: [
      item("b1", 'Clicks rising for "cold brew"'),
      item("b2", 'Clicks rising for "decaf beans"'),
      item("b3", "YouTube has been failing for 42 hours", true),
      item("b4", "Breakout post by Fernhill Beans", true),
    ],
  },
];

const meta = {
  title: "Layout/Notifications menu",
  component: NotificationsMenu,
  args: {
    groups,
    unread: 3,
    onOpenItem: fn(),
    onMarkAllRead: fn(),
    // The app's router link navigates within the app; here the story stays on its page.
    renderLink: (href, children) => (
      <a href={href} onClick={(event) => event.preventDefault()}>
        {children}
      </a>
    ),
  },
  decorators: [
    (Story) => (
      <div className="flex h-[32rem] justify-end">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof NotificationsMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** Closes the menu as a reader does, so the page is checked (axe) as it is left: nothing hidden still focusable. */
async function closeMenu() {
  await userEvent.keyboard("{Escape}");
  await waitFor(() => expect(body().queryByRole("menu")).toBeNull());
}

/** The unread count is on the button, in its name too, so a screen reader hears it. */
export const Unread: Story = {
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole("button", { name: "Notifications, 3 unread" });
    await expect(button).toHaveTextContent("3");
    await expect(button).toHaveAttribute("aria-haspopup", "menu");
  },
};

export const ManyUnread: Story = {
  args: { unread: 240 },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole("button", { name: "Notifications, 99+ unread" }),
    ).toHaveTextContent("99+");
  },
};

/** A run of four alerts is one group under a heading; each entry links to its figure. */
export const Grouped: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: /Notifications/ }));
    const menu = await body().findByRole("menu");
    const group = within(menu).getByRole("group", { name: "4 alerts at once" });
    await expect(within(group).getAllByRole("menuitem")).toHaveLength(4);
    const spike = within(menu).getByRole("menuitem", {
      name: /Engagement spike for Oakridge Roasters \(unread\)/,
    });
    await expect(spike).toHaveAttribute("href", "#/content?alert=a1");
    await userEvent.click(spike);
    await expect(args.onOpenItem).toHaveBeenCalledWith("a1");
    await closeMenu();
  },
};

/** 'Mark all as read' keeps the menu open. */
export const MarkAllRead: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: /Notifications/ }));
    const menu = await body().findByRole("menu");
    await userEvent.click(within(menu).getByRole("menuitem", { name: "Mark all as read" }));
    await expect(args.onMarkAllRead).toHaveBeenCalledOnce();
    await expect(body().getByRole("menu")).toBeVisible();
    await closeMenu();
  },
};

export const Empty: Story = {
  args: { groups: [], unread: 0 },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Notifications" }));
    const menu = await body().findByRole("menu");
    await expect(within(menu).getByRole("menuitem", { name: "No notifications yet." })).toBeVisible();
    await expect(within(menu).queryByRole("menuitem", { name: "Mark all as read" })).toBeNull();
    await closeMenu();
  },
};

/** Keyboard: Enter opens the menu, arrows move, Escape closes it and gives the focus back to the button. */
export const ByKeyboard: Story = {
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole("button", { name: /Notifications/ });
    button.focus();
    await userEvent.keyboard("{Enter}");
    const menu = await body().findByRole("menu");
    await waitFor(() =>
      expect(within(menu).getByRole("menuitem", { name: "Mark all as read" })).toHaveFocus(),
    );
    await userEvent.keyboard("{ArrowDown}");
    await expect(within(menu).getByRole("menuitem", { name: /Engagement spike/ })).toHaveFocus();
    await closeMenu();
    // The stand-in button was replaced by the menu's own trigger when the menu's code arrived.
    await expect(within(canvasElement).getByRole("button", { name: /Notifications/ })).toHaveFocus();
  },
};

export const LoadFailed: Story = {
  args: { groups: [], unread: 0, error: "The notifications could not be loaded. Try again in a moment." },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Notifications" }));
    const menu = await body().findByRole("menu");
    await expect(within(menu).getByRole("menuitem", { name: /could not be loaded/ })).toBeVisible();
    await closeMenu();
  },
};
