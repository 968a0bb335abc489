import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { UserMenu } from "./user-menu";

const meta = {
  title: "Layout/User menu",
  component: UserMenu,
  args: {
    user: { name: "Ada Lovelace", email: "ada@northwind.example" },
    onEditProfile: fn(),
    onLogout: fn(),
  },
  decorators: [
    (Story) => (
      <div className="flex h-64 justify-end">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof UserMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

async function openMenu(canvasElement: HTMLElement) {
  const trigger = within(canvasElement).getByRole("button", { name: "Ada Lovelace" });
  await userEvent.click(trigger);
  return body().findByRole("menu");
}

export const Closed: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole("button", { name: "Ada Lovelace" });
    await expect(trigger).toHaveAttribute("aria-haspopup", "menu");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
  },
};

export const EditProfile: Story = {
  play: async ({ canvasElement, args }) => {
    const menu = await openMenu(canvasElement);
    await expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Edit profile", "Logout"]);
    await userEvent.click(within(menu).getByRole("menuitem", { name: "Edit profile" }));
    await expect(args.onEditProfile).toHaveBeenCalledOnce();
    await waitFor(() => expect(body().queryByRole("menu")).toBeNull());
  },
};

/** Keyboard: Enter opens the menu on its first item; arrows move; Enter chooses. */
export const LogoutByKeyboard: Story = {
  play: async ({ canvasElement, args }) => {
    within(canvasElement).getByRole("button", { name: "Ada Lovelace" }).focus();
    await userEvent.keyboard("{Enter}");
    const menu = await body().findByRole("menu");
    await waitFor(() => expect(within(menu).getByRole("menuitem", { name: "Edit profile" })).toHaveFocus());
    await userEvent.keyboard("{ArrowDown}");
    await expect(within(menu).getByRole("menuitem", { name: "Logout" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect(args.onLogout).toHaveBeenCalledOnce();
    await expect(args.onEditProfile).not.toHaveBeenCalled();
  },
};

/** 'Edit profile' as a link (the app passes a router link), so it opens in a new tab on middle-click too. */
export const EditProfileAsLink: Story = {
  args: {
    onEditProfile: undefined,
    renderEditProfileLink: (children) => <a href="#/user/profile">{children}</a>,
  },
  play: async ({ canvasElement }) => {
    const menu = await openMenu(canvasElement);
    const item = within(menu).getByRole("menuitem", { name: "Edit profile" });
    await expect(item.tagName).toBe("A");
    await expect(item).toHaveAttribute("href", "#/user/profile");
  },
};

export const WithPicture: Story = {
  args: {
    user: {
      name: "Ada Lovelace",
      email: "ada@northwind.example",
      pictureUrl:
        "data:image/svg+xml;utf8," +
        encodeURIComponent(
          '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#c7d2fe"/><circle cx="32" cy="25" r="12" fill="#4338ca"/><rect x="12" y="42" width="40" height="22" rx="11" fill="#4338ca"/></svg>',
        ),
    },
  },
};

export const OpenDark: Story = {
  globals: { colourMode: "dark" },
  play: async ({ canvasElement }) => {
    await openMenu(canvasElement);
  },
};

export const OpenLight: Story = {
  play: async ({ canvasElement }) => {
    await openMenu(canvasElement);
  },
};

/**
 * With a colour mode, the menu offers Light, Dark and System; a choice closes the menu like any other, and focus
 * returns to the trigger.
 */
export const ColorMode: Story = {
  args: { colorMode: "light", onColorModeChange: fn() },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button"));
    const menu = await within(document.body).findByRole("menu");
    await expect(within(menu).getByRole("menuitemradio", { name: "Light" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    await userEvent.click(within(menu).getByRole("menuitemradio", { name: "Dark" }));
    await expect(args.onColorModeChange).toHaveBeenCalledWith("dark");
    await waitFor(() => expect(body().queryByRole("menu")).toBeNull());
    await waitFor(() => expect(within(canvasElement).getByRole("button")).toHaveFocus());
  },
};

/** For a Starter user the app passes onUpgrade: 'Upgrade plan' sits between Edit profile and Logout. */
export const UpgradePlan: Story = {
  args: { onUpgrade: fn() },
  play: async ({ canvasElement, args }) => {
    const menu = await openMenu(canvasElement);
    await expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Edit profile", "Upgrade plan", "Logout"]);
    await userEvent.click(within(menu).getByRole("menuitem", { name: "Upgrade plan" }));
    await expect(args.onUpgrade).toHaveBeenCalledOnce();
    await expect(args.onLogout).not.toHaveBeenCalled();
    await waitFor(() => expect(body().queryByRole("menu")).toBeNull());
  },
};
