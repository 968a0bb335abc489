import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { NETWORK_LABELS, NETWORKS, networkColor } from "../theme/networks";
import { ChartCard } from "./chart-card";

const meta = {
  title: "Charts/Chart card",
  component: ChartCard,
  args: {
    title: "Audience by platform",
    description: "Followers at the end of the period",
    className: "max-w-lg",
    children: <div className="bg-muted/60 h-40 rounded-md" />,
  },
} satisfies Meta<typeof ChartCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithLegend: Story = {
  args: {
    legend: NETWORKS.map((network) => ({ label: NETWORK_LABELS[network], color: networkColor(network) })),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("region", { name: "Audience by platform" })).toBeVisible();
    const legend = canvas.getByRole("list", { name: "Legend" });
    await expect(
      within(legend)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Facebook", "Instagram", "YouTube", "TikTok", "LinkedIn", "Twitter"]);
  },
};

export const Loading: Story = {
  args: { loading: true, legend: [{ label: "Audience", color: "var(--chart-1)" }] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("region", { name: "Audience by platform" })).toHaveAttribute(
      "aria-busy",
      "true",
    );
    await expect(canvas.getByRole("status")).toHaveTextContent("Loading Audience by platform");
    // Neither the chart nor a legend for data not yet there.
    await expect(canvas.queryByRole("list", { name: "Legend" })).not.toBeInTheDocument();
  },
};

export const NetworkPaletteDark: Story = {
  globals: { colourMode: "dark" },
  args: {
    title: "Network palette",
    description: "The networks' own colours, lifted for the dark mode where needed",
    legend: NETWORKS.map((network) => ({ label: NETWORK_LABELS[network], color: networkColor(network) })),
  },
};
