import type { Meta, StoryObj } from "@storybook/react-vite";
import { Info } from "lucide-react";
import { expect, screen, userEvent, waitFor, within } from "storybook/test";
import { Tooltip, TooltipContent, TooltipTrigger } from "./tooltip";

const meta = {
  title: "Overlays/Tooltip",
  component: Tooltip,
  parameters: { layout: "centered" },
  render: (args) => (
    <div className="flex items-center gap-2 p-12 text-sm">
      Engagement rate
      <Tooltip {...args}>
        <TooltipTrigger asChild>
          <button
            type="button"
            aria-label="About engagement rate"
            className="text-muted-foreground hover:text-foreground focus-visible:ring-ring/50 rounded-full outline-none focus-visible:ring-[3px]"
          >
            <Info aria-hidden className="size-4" />
          </button>
        </TooltipTrigger>
        <TooltipContent>Interactions divided by reach, over the selected period.</TooltipContent>
      </Tooltip>
    </div>
  ),
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Keyboard focus opens it (and describes the trigger); Escape closes it. It sits on the tooltip layer, 1500. */
export const OnFocus: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole("button", { name: "About engagement rate" });
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    const tooltip = await screen.findByRole("tooltip");
    await expect(tooltip).toHaveTextContent("Interactions divided by reach, over the selected period.");
    await expect(trigger).toHaveAccessibleDescription(
      "Interactions divided by reach, over the selected period.",
    );
    const bubble = document.querySelector<HTMLElement>("[data-slot=tooltip-content]");
    await expect(bubble && getComputedStyle(bubble).zIndex).toBe("1500");
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("tooltip")).not.toBeInTheDocument());
  },
};

export const OnHover: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.hover(within(canvasElement).getByRole("button", { name: "About engagement rate" }));
    await expect(await screen.findByRole("tooltip")).toBeInTheDocument();
  },
};

export const Open: Story = { args: { open: true } };

export const OpenDark: Story = { args: { open: true }, globals: { colourMode: "dark" } };
