import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { ChartCard } from "../card/chart-card";
import { RadarChart, type RadarSeries, radarLegend } from "./radar-chart";

const axes = ["Reach", "Engagement", "Consistency", "Sentiment", "Growth", "Share of voice"];
const brands: RadarSeries[] = [
  { id: "own", label: "Your brand", values: [72, 58, 90, 66, 41, 35] },
  { id: "rival", label: "Stride Co.", values: [64, 81, 52, 70, 77, 48] },
];

const meta = {
  title: "Charts/Radar",
  component: RadarChart,
  args: { ariaLabel: "Brand scores against a competitor", axes, series: brands },
  render: (args) => (
    <ChartCard title="Brand scores" legend={radarLegend(args.series)} className="max-w-xl">
      <RadarChart {...args} />
    </ChartCard>
  ),
} satisfies Meta<typeof RadarChart>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithData: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("img", { name: "Brand scores against a competitor" })).toBeVisible();
    const table = canvas.getByRole("table", { name: "Brand scores against a competitor" });
    await expect(within(table).getByRole("columnheader", { name: "Your brand (0–100)" })).toBeInTheDocument();
    await expect(within(table).getByRole("row", { name: /Consistency/ })).toHaveTextContent("9052");
    for (const cell of within(table).getAllByRole("cell")) {
      const score = Number(cell.textContent);
      await expect(score).toBeGreaterThanOrEqual(0);
      await expect(score).toBeLessThanOrEqual(100);
    }
  },
};

export const ScoresOutsideTheScaleAreClamped: Story = {
  args: {
    ariaLabel: "Scores clamped to 0–100",
    series: [{ id: "own", label: "Your brand", values: [140, -10, 50, 100, 0, 99.5] }],
  },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole("table", { name: "Scores clamped to 0–100" });
    const scores = within(table)
      .getAllByRole("cell")
      .map((cell) => cell.textContent);
    await expect(scores).toEqual(["100", "0", "50", "100", "0", "99.5"]);
  },
};

export const Loading: Story = {
  render: (args) => (
    <ChartCard title="Brand scores" loading className="max-w-xl">
      <RadarChart {...args} />
    </ChartCard>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Loading Brand scores");
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
      await within(canvasElement).findByRole("img", { name: "Brand scores against a competitor" }),
    ).toBeVisible();
  },
};
