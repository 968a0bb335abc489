import type { Meta, StoryObj } from "@storybook/react-vite";
import { Download, Plus } from "lucide-react";
import { expect, fn, userEvent, within } from "storybook/test";
import { Button } from "./button";

const meta = {
  title: "Actions/Button",
  component: Button,
  args: { children: "Export CSV", onClick: fn() },
  argTypes: {
    emphasis: { control: "inline-radio", options: ["primary", "secondary", "ghost"] },
    size: { control: "inline-radio", options: ["sm", "md", "lg", "icon"] },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Export CSV" }));
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};

export const Secondary: Story = { args: { emphasis: "secondary", children: "Cancel" } };

export const Ghost: Story = { args: { emphasis: "ghost", children: "Skip for now" } };

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole("button", { name: "Export CSV" });
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Loading: Story = {
  args: { loading: true, children: "Saving" },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole("button", { name: "Saving" });
    await expect(button).toHaveAttribute("aria-busy", "true");
    await expect(button).toBeDisabled();
    // The spinner is drawn, and hidden from assistive technology (the name stays "Saving").
    await expect(button.querySelector("[data-slot=button-spinner]")).toHaveAttribute("aria-hidden", "true");
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const WithIcon: Story = {
  args: {
    children: (
      <>
        <Download aria-hidden="true" />
        Export CSV
      </>
    ),
  },
};

export const IconOnly: Story = {
  args: { size: "icon", "aria-label": "Add competitor", children: <Plus aria-hidden="true" /> },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Add competitor" })).toBeVisible();
  },
};

export const AsLink: Story = {
  args: { asChild: true, children: <a href="#pricing">See plans</a> },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("link", { name: "See plans" })).toBeVisible();
  },
};

const emphases = ["primary", "secondary", "ghost"] as const;
const sizes = ["sm", "md", "lg"] as const;

/** Every emphasis × size, plus disabled and loading, for visual review. */
export const AllVariants: Story = {
  render: () => (
    <div className="grid w-fit grid-cols-[auto_repeat(5,auto)] items-center gap-3 text-sm">
      <span />
      {sizes.map((size) => (
        <span key={size} className="text-muted-foreground">
          {size}
        </span>
      ))}
      <span className="text-muted-foreground">disabled</span>
      <span className="text-muted-foreground">loading</span>
      {emphases.map((emphasis) => (
        <div key={emphasis} className="contents">
          <span className="text-muted-foreground">{emphasis}</span>
          {sizes.map((size) => (
            <Button key={size} emphasis={emphasis} size={size}>
              Upgrade
            </Button>
          ))}
          <Button emphasis={emphasis} disabled>
            Upgrade
          </Button>
          <Button emphasis={emphasis} loading>
            Upgrade
          </Button>
        </div>
      ))}
    </div>
  ),
};

export const AllVariantsDark: Story = {
  ...AllVariants,
  globals: { colourMode: "dark" },
};
