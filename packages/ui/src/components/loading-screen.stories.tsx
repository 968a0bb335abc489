import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { LoadingScreen } from "./loading-screen";

const meta = {
  title: "Feedback/Loading screen",
  component: LoadingScreen,
  parameters: { layout: "fullscreen" },
} satisfies Meta<typeof LoadingScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status", { name: "Loading Brandscope" })).toBeVisible();
  },
};

export const CustomLabel: Story = {
  args: { label: "Signing you in" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status", { name: "Signing you in" })).toBeVisible();
  },
};

export const Dark: Story = { globals: { colourMode: "dark" } };
