import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { NarrowScreenNotice } from "./narrow-screen-notice";

const meta = {
  title: "Feedback/Narrow screen notice",
  component: NarrowScreenNotice,
  parameters: { layout: "fullscreen" },
} satisfies Meta<typeof NarrowScreenNotice>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole("heading", { name: "Brandscope needs a bigger screen" }),
    ).toBeVisible();
  },
};

export const Dark: Story = { globals: { colourMode: "dark" } };
