import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { ChartCard } from "../card/chart-card";
import {
  type BarMetric,
  PlatformBarChart,
  type PlatformBarDatum,
  platformBarLegend,
} from "./platform-bar-chart";

const metrics: BarMetric[] = [
  { id: "audience", label: "Audience" },
  { id: "engagement", label: "Engagement" },
];

const byPlatform: PlatformBarDatum[] = [
  { network: "facebook", values: { audience: 182_000, engagement: 41_300 } },
  { network: "tiktok", values: { audience: 264_500, engagement: 118_900 } },
  { network: "instagram", values: { audience: 211_000, engagement: 87_400 } },
  { network: "linkedin", values: { audience: 38_200, engagement: 6_100 } },
  { network: "youtube", values: { audience: 96_000, engagement: 22_800 } },
  { network: "twitter", values: { audience: 54_700, engagement: null } },
];

const meta = {
  title: "Charts/Bar by platform",
  component: PlatformBarChart,
  args: { ariaLabel: "Audience and engagement by platform", data: byPlatform, metrics },
  render: (args) => (
    <ChartCard title="Audience and engagement" legend={platformBarLegend(args.metrics)}>
      <PlatformBarChart {...args} />
    </ChartCard>
  ),
} satisfies Meta<typeof PlatformBarChart>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AudienceAndEngagement: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const chart = await canvas.findByRole("img", { name: "Audience and engagement by platform" });
    for (const platform of ["Facebook", "TikTok", "Instagram", "LinkedIn", "YouTube", "Twitter"]) {
      await expect(within(chart).getByText(platform)).toBeVisible();
    }
    const table = canvas.getByRole("table", { name: "Audience and engagement by platform" });
    await expect(within(table).getByRole("row", { name: /TikTok/ })).toHaveTextContent("264.5K118.9K");
    await expect(within(table).getByRole("row", { name: /Twitter/ })).toHaveTextContent("No data");
    // Each platform is drawn in its own network colour (Facebook's blue here).
    await waitFor(() => expect(chart.querySelector('rect[fill="rgb(24, 119, 242)"]')).not.toBeNull());
  },
};

export const TooltipNamesMetricAndValue: Story = {
  play: async ({ canvasElement }) => {
    const chart = await within(canvasElement).findByRole("img", {
      name: "Audience and engagement by platform",
    });
    await waitFor(() => expect(chart.querySelector('rect[fill="rgb(24, 119, 242)"]')).not.toBeNull());
    const facebookAudience = chart.querySelector('rect[fill="rgb(24, 119, 242)"]');
    if (!facebookAudience) throw new Error("no Facebook bar drawn");
    await userEvent.hover(facebookAudience);
    const metric = await within(chart).findByText("Audience");
    await expect(metric.nextElementSibling).toHaveTextContent("182K");
  },
};

export const AudienceOnly: Story = {
  args: { ariaLabel: "Audience by platform", metrics: [{ id: "audience", label: "Audience" }] },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole("table", { name: "Audience by platform" });
    await expect(
      within(table)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["Platform", "Audience"]);
  },
};

export const BrandAgainstCompetitorWithLegend: Story = {
  args: {
    ariaLabel: "Audience by platform, Lumora Coffee and Brewhaus",
    metrics: [
      { id: "brand", label: "Lumora Coffee" },
      { id: "competitor", label: "Brewhaus" },
    ],
    data: [
      { network: "facebook", values: { brand: 182_000, competitor: 141_300 } },
      { network: "instagram", values: { brand: 211_000, competitor: 287_400 } },
      { network: "tiktok", values: { brand: 64_500, competitor: 18_900 } },
    ],
    legend: true,
  },
  // The chart's own legend, not the card's.
  render: (args) => (
    <ChartCard title="Audience by platform">
      <PlatformBarChart {...args} />
    </ChartCard>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("img", { name: "Audience by platform, Lumora Coffee and Brewhaus" });
    const legend = canvas.getByRole("list", { name: "Legend" });
    const items = within(legend).getAllByRole("listitem");
    await expect(items.map((item) => item.textContent)).toEqual(["Lumora Coffee", "Brewhaus"]);
    // The brand's swatch is the full shade, the competitor's a lighter one, as their bars are.
    const [brand, competitor] = items.map(
      (item) => item.querySelector<HTMLElement>("[aria-hidden]")?.style.background ?? "",
    );
    await expect(brand).not.toBe("");
    await expect(competitor).not.toBe(brand);
  },
};

export const Loading: Story = {
  render: (args) => (
    <ChartCard title="Audience and engagement" loading>
      <PlatformBarChart {...args} />
    </ChartCard>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(
      "Loading Audience and engagement",
    );
  },
};

export const Empty: Story = {
  args: { data: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("No data to show yet")).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { colourMode: "dark" },
  play: async ({ canvasElement }) => {
    const chart = await within(canvasElement).findByRole("img", {
      name: "Audience and engagement by platform",
    });
    // Dark mode lifts Facebook's blue so it holds up on the dark card.
    await waitFor(() => expect(chart.querySelector('rect[fill="rgb(75, 150, 248)"]')).not.toBeNull());
  },
};
