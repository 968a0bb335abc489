import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { formatTimeAgo, ProvenanceNote } from "./provenance-note";

const now = new Date("2026-11-21T10:12:00.000Z");

const meta = {
  title: "Data display/Provenance note",
  component: ProvenanceNote,
  args: { source: "Instagram export", updatedAt: "2026-11-21T07:12:00.000Z", now },
} satisfies Meta<typeof ProvenanceNote>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Imported: Story = {
  play: async ({ canvasElement }) => {
    const note = canvasElement.querySelector("[data-slot=provenance-note]");
    await expect(note).toHaveTextContent("Instagram export · updated 3 hours ago");
    await expect(canvasElement.querySelector("time")).toHaveAttribute("datetime", "2026-11-21T07:12:00.000Z");
  },
};

/** Sample (demo) data says so, whatever its source. */
export const Sample: Story = {
  args: { sample: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Sample data")).toBeVisible();
    await expect(canvas.queryByText(/updated/)).toBeNull();
  },
};

/** Old data is still shown, with its date, and says it is stale. */
export const Stale: Story = {
  args: { stale: true, dataAsOf: "2026-11-03T18:00:00.000Z" },
  play: async ({ canvasElement }) => {
    const note = canvasElement.querySelector("[data-slot=provenance-note]");
    await expect(note).toHaveTextContent(
      "Instagram export · updated 3 hours ago · data from 3 Nov 2026 · stale",
    );
  },
};

export const RelativeTimes: Story = {
  play: async () => {
    await expect(formatTimeAgo("2026-11-21T10:11:30.000Z", now)).toBe("less than a minute");
    await expect(formatTimeAgo("2026-11-21T10:11:00.000Z", now)).toBe("1 minute");
    await expect(formatTimeAgo("2026-11-19T10:12:00.000Z", now)).toBe("2 days");
    await expect(formatTimeAgo("not a date", now)).toBe("an unknown time");
  },
};

export const Dark: Story = { globals: { colourMode: "dark" } };
