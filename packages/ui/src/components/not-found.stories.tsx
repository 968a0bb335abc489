import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Button } from "./button";
import { NotFound } from "./not-found";

const meta = {
  title: "Feedback/Not found",
  component: NotFound,
  parameters: { layout: "fullscreen" },
  args: {
    action: (
      <Button asChild>
        <a href="#content">Back to Brandscope</a>
      </Button>
    ),
  },
} satisfies Meta<typeof NotFound>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: "Not Found Page" })).toBeVisible();
    await expect(canvas.getByRole("link", { name: "Back to Brandscope" })).toBeVisible();
  },
};

export const WithoutAction: Story = { args: { action: undefined } };

export const Dark: Story = { globals: { colourMode: "dark" } };
