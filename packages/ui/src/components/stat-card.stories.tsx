import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { abbreviateNumber, formatPercent } from "../lib/format";
import { StatCard } from "./stat-card";

const meta = {
  title: "Data display/Stat card",
  component: StatCard,
  // One card at a card's width; the grids ask for more room with `parameters.wide`.
  decorators: [
    (Story, { parameters }) => <div className={parameters.wide ? "max-w-5xl" : "max-w-xs"}>{Story()}</div>,
  ],
  args: {
    label: "Overall traffic",
    value: abbreviateNumber(1_284_000),
    change: {
      direction: "increase",
      value: formatPercent(0.125, { decimals: 1 }),
      comparison: "vs previous 30 days",
    },
  },
} satisfies Meta<typeof StatCard>;

export default meta;
type Story = StoryObj<typeof meta>;

const change = (canvasElement: HTMLElement) => {
  const element = canvasElement.querySelector<HTMLElement>("[data-slot=stat-card-change]");
  if (!element) throw new Error("no change");
  return element;
};

/** The direction is in words for screen readers and an arrow on screen, not in the colour alone. */
export const Increase: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("1.28M")).toBeVisible();
    await expect(change(canvasElement)).toHaveTextContent("Increased by 12.5%");
    await expect(change(canvasElement).querySelector("svg")).toHaveAttribute("aria-hidden", "true");
  },
};

export const Decrease: Story = {
  args: {
    label: "Pages per visit",
    value: "3.4",
    change: { direction: "decrease", value: formatPercent(0.08), comparison: "vs previous 30 days" },
  },
  play: async ({ canvasElement }) => {
    await expect(change(canvasElement)).toHaveTextContent("Decreased by 8%");
  },
};

export const Unchanged: Story = {
  args: { label: "Backlinks", value: abbreviateNumber(45_200), change: { direction: "unchanged" } },
  play: async ({ canvasElement }) => {
    await expect(change(canvasElement)).toHaveTextContent("No change");
  },
};

/** Where a fall is good news (bounce rate): the colour follows the meaning, the words the direction. */
export const DecreaseIsGood: Story = {
  args: {
    label: "Bounce rate",
    value: formatPercent(0.41),
    change: { direction: "decrease", value: formatPercent(0.03) },
    goodDirection: "decrease",
  },
  play: async ({ canvasElement }) => {
    await expect(change(canvasElement)).toHaveTextContent("Decreased by 3%");
  },
};

/** Figures from the sample brand say so. */
export const SampleData: Story = {
  args: { note: "Sample data" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Sample data")).toBeVisible();
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector("[data-slot=stat-card]")).toHaveAttribute("aria-busy", "true");
    await expect(within(canvasElement).queryByText("1.28M")).toBeNull();
  },
};

export const WithoutChange: Story = { args: { change: undefined } };

export const AllStates: Story = {
  parameters: { wide: true },
  render: () => (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <StatCard
        label="Overall traffic"
        value="1.28M"
        change={{ direction: "increase", value: "12.5%", comparison: "vs previous 30 days" }}
      />
      <StatCard
        label="Search traffic"
        value="412K"
        change={{ direction: "decrease", value: "4%" }}
        note="Sample data"
      />
      <StatCard label="Backlinks" value="45.2K" change={{ direction: "unchanged" }} />
      <StatCard
        label="Bounce rate"
        value="41%"
        change={{ direction: "decrease", value: "3%" }}
        goodDirection="decrease"
      />
      <StatCard label="Avg. duration" value="2m 41s" />
      <StatCard label="Pages per visit" value="" loading />
    </div>
  ),
};

export const AllStatesDark: Story = { ...AllStates, globals: { colourMode: "dark" } };
