import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Badge } from "./badge";

const meta = {
  title: "Data display/Badge",
  component: Badge,
  args: { children: "Sample data" },
  argTypes: {
    tone: { control: "select", options: ["neutral", "info", "success", "warning", "error", "outline"] },
    size: { control: "inline-radio", options: ["sm", "md"] },
  },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Neutral: Story = {};
export const Info: Story = { args: { tone: "info", children: "New" } };

/** The current plan's badge on the pricing card. */
export const Active: Story = {
  args: { tone: "success", children: "Active" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Active")).toBeVisible();
  },
};

export const Warning: Story = { args: { tone: "warning", children: "Trial ends soon" } };
export const ErrorTone: Story = { name: "Error", args: { tone: "error", children: "Payment failed" } };
export const Outline: Story = { args: { tone: "outline", children: "B2B" } };
export const Small: Story = { args: { size: "sm", children: "Beta" } };

const tones = ["neutral", "info", "success", "warning", "error", "outline"] as const;

export const AllVariants: Story = {
  render: () => (
    <div className="flex flex-col gap-3">
      {(["md", "sm"] as const).map((size) => (
        <div key={size} className="flex flex-wrap items-center gap-2">
          {tones.map((tone) => (
            <Badge key={tone} tone={tone} size={size}>
              {tone === "success" ? "Active" : tone}
            </Badge>
          ))}
        </div>
      ))}
    </div>
  ),
};

export const AllVariantsDark: Story = { ...AllVariants, globals: { colourMode: "dark" } };
