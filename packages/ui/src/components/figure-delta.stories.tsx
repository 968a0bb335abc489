import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { FigureDelta } from "./figure-delta";

const meta = {
  title: "Data display/Figure delta",
  component: FigureDelta,
  args: { direction: "increase", change: "12.9%", comparison: "vs previous 30 days" },
} satisfies Meta<typeof FigureDelta>;

export default meta;
type Story = StoryObj<typeof meta>;

const delta = (canvasElement: HTMLElement) => {
  const element = canvasElement.querySelector<HTMLElement>("[data-slot=figure-delta]");
  if (!element) throw new Error("no delta");
  return element;
};

/** The direction is said in words and drawn as an arrow, never shown by colour alone. */
export const Increase: Story = {
  play: async ({ canvasElement }) => {
    await expect(delta(canvasElement)).toHaveTextContent("Increased by 12.9%");
    await expect(within(canvasElement).getByText("vs previous 30 days")).toBeVisible();
    await expect(delta(canvasElement).querySelector("svg")).toHaveAttribute("aria-hidden", "true");
  },
};

export const Decrease: Story = {
  args: { direction: "decrease", change: "4%" },
  play: async ({ canvasElement }) => {
    await expect(delta(canvasElement)).toHaveTextContent("Decreased by 4%");
    await expect(delta(canvasElement).querySelector("[data-sentiment]")).toHaveAttribute(
      "data-sentiment",
      "negative",
    );
  },
};

/** Where a fall is good news, the colour follows the meaning and the words the direction. */
export const DecreaseIsGood: Story = {
  args: { direction: "decrease", change: "4%", goodDirection: "decrease" },
  play: async ({ canvasElement }) => {
    await expect(delta(canvasElement)).toHaveTextContent("Decreased by 4%");
    await expect(delta(canvasElement).querySelector("[data-sentiment]")).toHaveAttribute(
      "data-sentiment",
      "positive",
    );
  },
};

export const Unchanged: Story = {
  args: { direction: "unchanged", change: "0%" },
  play: async ({ canvasElement }) => {
    await expect(delta(canvasElement)).toHaveTextContent("No change");
  },
};

/** No previous period: it says so instead of showing a 0% change. */
export const NothingToCompare: Story = {
  args: { direction: null, change: undefined, missing: "Not enough history (needs 2 periods, has 1)" },
  play: async ({ canvasElement }) => {
    await expect(delta(canvasElement)).toHaveTextContent("Not enough history (needs 2 periods, has 1)");
    await expect(delta(canvasElement)).not.toHaveTextContent("0%");
  },
};
