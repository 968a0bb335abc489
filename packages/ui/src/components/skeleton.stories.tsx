import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Skeleton } from "./skeleton";

const meta = {
  title: "Feedback/Skeleton",
  component: Skeleton,
  args: { className: "h-4 w-48" },
} satisfies Meta<typeof Skeleton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Line: Story = {};

export const Circle: Story = { args: { className: "size-12 rounded-full" } };

/** A card while it loads: the region is busy and named; the blocks themselves are hidden from screen readers. */
export const CardPlaceholder: Story = {
  render: () => (
    <section
      aria-label="Top influencers"
      aria-busy="true"
      className="flex w-80 flex-col gap-4 rounded-lg border p-5"
    >
      <div className="flex items-center gap-3">
        <Skeleton className="size-10 rounded-full" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-3 w-1/2" />
        </div>
      </div>
      <Skeleton className="h-24 w-full" />
      <span className="sr-only">Loading</span>
    </section>
  ),
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole("region", { name: "Top influencers" });
    await expect(region).toHaveAttribute("aria-busy", "true");
  },
};

export const CardPlaceholderDark: Story = { ...CardPlaceholder, globals: { colourMode: "dark" } };
