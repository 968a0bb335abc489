import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Switch } from "./switch";

const meta = {
  title: "Forms/Switch",
  component: Switch,
  args: { label: "Use sample brand data", onCheckedChange: fn() },
} satisfies Meta<typeof Switch>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole("switch", { name: "Use sample brand data" });
    await expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await expect(toggle).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true);
    await userEvent.click(canvas.getByText("Use sample brand data"));
    await expect(toggle).not.toBeChecked();
    await userEvent.keyboard(" ");
    await expect(toggle).toBeChecked();
  },
};

export const On: Story = {
  args: { defaultChecked: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("switch")).toBeChecked();
  },
};

export const WithHint: Story = {
  args: { hint: "Explore every module before connecting your own brand." },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("switch")).toHaveAccessibleDescription(
      "Explore every module before connecting your own brand.",
    );
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement, args }) => {
    const toggle = within(canvasElement).getByRole("switch");
    await expect(toggle).toBeDisabled();
    await userEvent.click(toggle, { pointerEventsCheck: 0 });
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
  },
};

export const LabelledByAriaLabel: Story = {
  args: { label: undefined, "aria-label": "Dark mode" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("switch", { name: "Dark mode" })).toBeVisible();
  },
};

export const AllStates: Story = {
  render: () => (
    <div className="grid max-w-sm gap-4">
      <Switch label="Off" />
      <Switch label="On" defaultChecked />
      <Switch label="With a hint" hint="Help text under the label." />
      <Switch label="Invalid" error="This is a required field" touched />
      <Switch label="Disabled" disabled />
      <Switch label="Disabled and on" disabled defaultChecked />
      <Switch label="Small" size="sm" defaultChecked />
    </div>
  ),
};

export const AllStatesDark: Story = { ...AllStates, globals: { colourMode: "dark" } };
