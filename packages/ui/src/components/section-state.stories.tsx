import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Button } from "./button";
import { SectionState, sectionStateText } from "./section-state";

const meta = {
  title: "Feedback/Section state",
  component: SectionState,
  args: { status: "insufficient_history", reason: "needs 20 posts, has 7" },
} satisfies Meta<typeof SectionState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NotEnoughHistory: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Not enough history")).toBeVisible();
    await expect(canvas.getByText("needs 20 posts, has 7")).toBeVisible();
  },
};

export const NoData: Story = {
  args: { status: "no_data", reason: "no posts in this period" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("No data for this period")).toBeVisible();
  },
};

export const Stale: Story = { args: { status: "stale", reason: "last import 40 days ago" } };

export const WithAction: Story = {
  args: { status: "no_data", reason: undefined, action: <Button size="sm">Import a CSV</Button> },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Import a CSV" })).toBeVisible();
  },
};

/** In place of a figure's value: one line with the reason in brackets, never a 0. */
export const Inline: Story = {
  args: { layout: "inline" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Not enough history (needs 20 posts, has 7)")).toBeVisible();
  },
};

/** An 'ok' section has nothing to say. */
export const Ok: Story = {
  args: { status: "ok" },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector("[data-slot=section-state]")).toBeNull();
    await expect(sectionStateText("ok")).toBeUndefined();
    await expect(sectionStateText("no_data")).toBe("No data for this period");
    await expect(sectionStateText("not_available", "None of the exports read gives backlinks.")).toBe(
      "Not available. None of the exports read gives backlinks.",
    );
    await expect(sectionStateText("no_data", "No posts in this period. Import your posts.")).toBe(
      "No data for this period. No posts in this period. Import your posts.",
    );
  },
};

export const Dark: Story = { globals: { colourMode: "dark" } };
