import type { Meta, StoryObj } from "@storybook/react-vite";
import { Users } from "lucide-react";
import { expect, fn, userEvent, within } from "storybook/test";
import { Button } from "./button";
import { EmptyState } from "./empty-state";

const connect = fn().mockName("connect");

const meta = {
  title: "Feedback/Empty state",
  component: EmptyState,
  args: {
    title: "No competitors yet",
    description: "Add a competitor to compare its content and audience with your brand's.",
  },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithAction: Story = {
  args: { action: <Button onClick={connect}>Add competitor</Button> },
  beforeEach: () => {
    connect.mockClear();
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("No competitors yet")).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "Add competitor" }));
    await expect(connect).toHaveBeenCalledOnce();
  },
};

export const CustomIcon: Story = {
  args: {
    icon: <Users />,
    title: "No personas for these filters",
    description: "Try another country or industry, or a longer period.",
  },
};

export const WithoutIcon: Story = { args: { icon: null } };

export const Dark: Story = { ...WithAction, globals: { colourMode: "dark" } };
