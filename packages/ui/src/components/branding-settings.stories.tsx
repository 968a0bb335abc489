import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { BrandingSettings } from "./branding-settings";

// A small inline wordmark, so the story needs no network.
const logo =
  "data:image/svg+xml;utf8," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 60"><rect width="60" height="60" rx="12" fill="#0f766e"/><text x="72" y="42" font-family="sans-serif" font-size="30" fill="#0f766e">Kettle</text></svg>',
  );

const meta = {
  title: "Patterns/Branding settings",
  component: BrandingSettings,
  args: {
    workspaceName: "Kettleworth",
    logoUrl: logo,
    accentColor: "#0f766e",
    onLogoSelected: fn(),
    onInvalidLogo: fn(),
    onRemoveLogo: fn(),
    onSaveAccent: fn(),
  },
  decorators: [
    (Story) => (
      <div className="max-w-2xl p-6">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof BrandingSettings>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LogoAndColour: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("img", { name: "Kettleworth logo" })).toBeVisible();
    await expect(canvas.getByRole("textbox", { name: "Accent colour" })).toHaveValue("#0f766e");
  },
};

export const NothingSet: Story = {
  args: { logoUrl: null, accentColor: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("No logo")).toBeVisible();
    await expect(canvas.queryByRole("button", { name: "Remove logo" })).toBeNull();
    await expect(canvas.queryByRole("button", { name: "Use the default colour" })).toBeNull();
  },
};

/** The server's refusal shows on the field, as sent: which check failed and the measured ratio. */
export const ContrastRefused: Story = {
  args: {
    accentError: "This colour has a contrast of 2.2:1 with the dark background; choose one of at least 3:1.",
  },
  play: async ({ canvasElement }) => {
    const field = within(canvasElement).getByRole("textbox", { name: "Accent colour" });
    await expect(field).toHaveAccessibleDescription(/2\.2:1 with the dark background/);
    await expect(field).toHaveAttribute("aria-invalid", "true");
  },
};

/** Starter (or a member): the settings show, disabled, under what to do about it. */
export const Locked: Story = {
  args: {
    lockedNotice: (
      <p className="text-sm">Custom branding comes with Professional. Upgrade to set a logo and a colour.</p>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/Custom branding comes with Professional/)).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Replace logo" })).toBeDisabled();
    await expect(canvas.getByRole("button", { name: "Remove logo" })).toBeDisabled();
    await expect(canvas.getByRole("textbox", { name: "Accent colour" })).toBeDisabled();
    await expect(canvas.getByRole("button", { name: "Save colour" })).toBeDisabled();
  },
};

/** A colour of the wrong shape is caught before it is sent; a good one is sent in lower case; the logo goes. */
export const Editing: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByRole("textbox", { name: "Accent colour" });
    await userEvent.clear(field);
    await userEvent.type(field, "teal");
    await userEvent.click(canvas.getByRole("button", { name: "Save colour" }));
    await expect(field).toHaveAccessibleDescription(/for example #0f766e/);
    await expect(args.onSaveAccent).not.toHaveBeenCalled();

    await userEvent.clear(field);
    await userEvent.type(field, "#1D4ED8");
    await userEvent.click(canvas.getByRole("button", { name: "Save colour" }));
    await expect(args.onSaveAccent).toHaveBeenCalledWith("#1d4ed8");
    await expect(canvas.getByLabelText("Pick the accent colour")).toHaveValue("#1d4ed8");

    await userEvent.click(canvas.getByRole("button", { name: "Use the default colour" }));
    await expect(args.onSaveAccent).toHaveBeenLastCalledWith(null);

    await userEvent.click(canvas.getByRole("button", { name: "Remove logo" }));
    await expect(args.onRemoveLogo).toHaveBeenCalledTimes(1);
  },
};
