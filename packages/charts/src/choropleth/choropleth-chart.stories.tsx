import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, waitFor, within } from "storybook/test";
import { ChartCard } from "../card/chart-card";
import { ChoroplethChart, type TrafficByCountryDatum } from "./choropleth-chart";

const traffic: TrafficByCountryDatum[] = [
  { countryId: "USA", visitsShare: 0.412 },
  { countryId: "GBR", visitsShare: 0.138 },
  { countryId: "DEU", visitsShare: 0.094 },
  { countryId: "BRA", visitsShare: 0.071 },
  { countryId: "IND", visitsShare: 0.066 },
  { countryId: "AUS", visitsShare: 0.043 },
  { countryId: "JPN", visitsShare: 0.031 },
  { countryId: "ZAF", visitsShare: 0.012 },
];

const meta = {
  title: "Charts/Choropleth",
  component: ChoroplethChart,
  args: { ariaLabel: "Traffic by country", data: traffic },
  render: (args) => (
    <ChartCard title="Traffic by country">
      <ChoroplethChart {...args} />
    </ChartCard>
  ),
} satisfies Meta<typeof ChoroplethChart>;

export default meta;
type Story = StoryObj<typeof meta>;

const mapRequests = () =>
  performance
    .getEntriesByType("resource")
    .filter((entry) => entry instanceof PerformanceResourceTiming)
    .filter((entry) => ["fetch", "xmlhttprequest"].includes(entry.initiatorType))
    .filter((entry) => /atlas|topo|countries|geo/i.test(entry.name));

export const WithData: Story = {
  beforeEach: () => {
    const realFetch = window.fetch;
    const spy = fn(realFetch);
    window.fetch = spy;
    return () => {
      window.fetch = realFetch;
    };
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const fetchCalls = window.fetch;
    const chart = await canvas.findByRole("img", { name: "Traffic by country" });
    // The whole world is drawn from the map shipped in the bundle.
    await waitFor(() => expect(chart.querySelectorAll("path").length).toBeGreaterThan(150));
    await expect(fetchCalls).not.toHaveBeenCalled();
    await expect(mapRequests()).toEqual([]);
    const table = canvas.getByRole("table", { name: "Traffic by country" });
    const firstRow = within(table).getAllByRole("row")[1];
    await expect(firstRow).toHaveTextContent("United States of America41.2%");
    await expect(within(table).getByRole("row", { name: /Japan/ })).toHaveTextContent("3.1%");
  },
};

export const Loading: Story = {
  render: (args) => (
    <ChartCard title="Traffic by country" loading skeletonHeight={360}>
      <ChoroplethChart {...args} />
    </ChartCard>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Loading Traffic by country");
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
    const chart = await within(canvasElement).findByRole("img", { name: "Traffic by country" });
    await waitFor(() => expect(chart.querySelectorAll("path").length).toBeGreaterThan(150));
  },
};
