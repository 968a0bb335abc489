import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor, within } from "storybook/test";
import { ChartCard } from "../card/chart-card";
import { networkColor } from "../theme/networks";
import { LineChart, type LineSeries, lineLegend } from "./line-chart";

const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const followers: LineSeries[] = [
  {
    id: "instagram",
    label: "Instagram",
    color: networkColor("instagram"),
    points: months.map((x, i) => ({ x, y: 42_000 + i * 3_100 + (i % 3) * 1_200 })),
  },
  {
    id: "tiktok",
    label: "TikTok",
    color: networkColor("tiktok"),
    points: months.map((x, i) => ({ x, y: i < 2 ? null : 8_000 + i ** 2 * 900 })),
  },
];

const meta = {
  title: "Charts/Line",
  component: LineChart,
  args: { ariaLabel: "Followers per month", series: followers },
  render: (args) => (
    <ChartCard title="Followers" legend={lineLegend(args.series)}>
      <LineChart {...args} />
    </ChartCard>
  ),
} satisfies Meta<typeof LineChart>;

export default meta;
type Story = StoryObj<typeof meta>;

const chartHeight = async (canvasElement: HTMLElement) =>
  (await within(canvasElement).findByRole("img", { name: "Followers per month" })).getBoundingClientRect()
    .height;

export const Desktop: Story = {
  globals: { viewport: { value: "desktop" } },
  play: async ({ canvasElement }) => {
    await waitFor(async () => expect(await chartHeight(canvasElement)).toBe(400));
    const table = within(canvasElement).getByRole("table", { name: "Followers per month" });
    await expect(within(table).getByRole("row", { name: /^Jan/ })).toHaveTextContent("No data");
    await expect(within(table).getByRole("row", { name: /^Dec/ })).toHaveTextContent("78.5K116.9K");
  },
};

export const NarrowViewport: Story = {
  globals: { viewport: { value: "narrow" } },
  play: async ({ canvasElement }) => {
    await waitFor(async () => expect(await chartHeight(canvasElement)).toBe(250));
  },
};

const longLabels: LineSeries[] = [
  {
    id: "activity",
    label: "Activity",
    points: Array.from({ length: 13 }, (_, i) => ({
      x: `1 ${months[(i + 10) % 12]} ${2025 + Math.floor((i + 10) / 12)}`,
      y: 300_000 + (i % 4) * 40_000,
    })),
  },
];

/** Long labels on the x axis: the last one, on the plot's right edge, is drawn whole. */
export const LastAxisLabelNotCutOff: Story = {
  args: { series: longLabels, ariaLabel: "Activity per month" },
  globals: { viewport: { value: "desktop" } },
  play: async ({ canvasElement }) => {
    const chart = await within(canvasElement).findByRole("img", { name: "Activity per month" });
    const svg = chart.querySelector("svg");
    const last = await waitFor(() => {
      const found = Array.from(chart.querySelectorAll("text")).find(
        (text) => text.textContent === "1 Nov 2026",
      );
      if (!found) throw new Error("the last month is not labelled");
      return found;
    });
    await expect(last.getBoundingClientRect().right).toBeLessThanOrEqual(
      svg?.getBoundingClientRect().right ?? 0,
    );
  },
};

export const Loading: Story = {
  render: (args) => (
    <ChartCard title="Followers" loading skeletonHeight={400}>
      <LineChart {...args} />
    </ChartCard>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Loading Followers");
  },
};

export const Empty: Story = {
  args: { series: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("No data to show yet")).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { colourMode: "dark" },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole("img", { name: "Followers per month" }),
    ).toBeVisible();
  },
};
