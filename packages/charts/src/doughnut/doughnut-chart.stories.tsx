import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { ChartCard } from "../card/chart-card";
import { networkColor } from "../theme/networks";
import { DoughnutChart, type DoughnutDatum, doughnutLegend } from "./doughnut-chart";

const contentByNetwork: DoughnutDatum[] = [
  { id: "instagram", label: "Instagram", value: 412, color: networkColor("instagram") },
  { id: "tiktok", label: "TikTok", value: 287, color: networkColor("tiktok") },
  { id: "facebook", label: "Facebook", value: 168, color: networkColor("facebook") },
  { id: "youtube", label: "YouTube", value: 83, color: networkColor("youtube") },
  { id: "linkedin", label: "LinkedIn", value: 31, color: networkColor("linkedin") },
];

const meta = {
  title: "Charts/Doughnut",
  component: DoughnutChart,
  args: { ariaLabel: "Content by network", data: contentByNetwork },
  render: (args) => (
    <ChartCard title="Content by network" legend={doughnutLegend(args.data)} className="max-w-md">
      <DoughnutChart {...args} />
    </ChartCard>
  ),
} satisfies Meta<typeof DoughnutChart>;

export default meta;
type Story = StoryObj<typeof meta>;

async function sharesIn(canvasElement: HTMLElement, name: string) {
  const table = await within(canvasElement).findByRole("table", { name });
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => row.lastElementChild?.textContent ?? "");
}

export const WithData: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const chart = await canvas.findByRole("img", { name: "Content by network" });
    const shares = await sharesIn(canvasElement, "Content by network");
    await expect(shares).toHaveLength(5);
    for (const share of shares) await expect(share).toMatch(/^\d+%$/);
    await expect(shares.reduce((sum, share) => sum + Number.parseInt(share, 10), 0)).toBe(100);
    // The labels drawn on the ring are whole percents too, and agree with the table.
    await waitFor(() => expect(within(chart).getByText(shares[0] ?? "")).toBeVisible());
    for (const label of within(chart).getAllByText(/%$/)) await expect(label.textContent).toMatch(/^\d+%$/);
  },
};

export const TooltipOnHover: Story = {
  play: async ({ canvasElement }) => {
    const chart = await within(canvasElement).findByRole("img", { name: "Content by network" });
    const slices = chart.querySelectorAll("path");
    const instagram = slices[0];
    if (!instagram) throw new Error("No slice drawn");
    const before = instagram.getAttribute("d");
    await userEvent.hover(instagram);
    const tooltip = await within(chart).findByText("Instagram");
    await expect(tooltip.closest("[data-slot=chart-tooltip]")).toHaveTextContent("Value412Share42%");
    // The hovered slice stands out of the ring.
    await expect(instagram.getAttribute("d")).not.toBe(before);
    await userEvent.unhover(instagram);
    await waitFor(() => expect(within(chart).queryByText("Instagram")).toBeNull());
  },
};

export const EvenSplitStillSumsTo100: Story = {
  args: {
    ariaLabel: "Three equal parts",
    data: [
      { id: "a", label: "First", value: 1 },
      { id: "b", label: "Second", value: 1 },
      { id: "c", label: "Third", value: 1 },
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(await sharesIn(canvasElement, "Three equal parts")).toEqual(["34%", "33%", "33%"]);
  },
};

export const Loading: Story = {
  render: (args) => (
    <ChartCard title="Content by network" loading className="max-w-md">
      <DoughnutChart {...args} />
    </ChartCard>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("status")).toHaveTextContent("Loading Content by network");
    await expect(canvas.queryByRole("img")).not.toBeInTheDocument();
  },
};

export const Empty: Story = {
  args: { data: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("No data to show yet")).toBeVisible();
    await expect(canvas.queryByRole("img")).not.toBeInTheDocument();
  },
};

export const Dark: Story = {
  globals: { colourMode: "dark" },
  play: async ({ canvasElement }) => {
    const chart = await within(canvasElement).findByRole("img", { name: "Content by network" });
    // TikTok's black would vanish on a dark card: the dark palette draws it in its cyan.
    await waitFor(() => expect(chart.querySelector('path[fill="rgb(37, 244, 238)"]')).not.toBeNull());
  },
};

export const FollowsColourModeAtRunTime: Story = {
  play: async ({ canvasElement }) => {
    const chart = await within(canvasElement).findByRole("img", { name: "Content by network" });
    // Slices ease from one colour to the next (as "rgba(…, 1)"), so compare channels once they settle.
    const drawsTikTokIn = (rgb: string) =>
      waitFor(
        () =>
          expect(
            Array.from(chart.querySelectorAll("path"), (path) =>
              (path.getAttribute("fill") ?? "").replace(/^rgba?\((\d+), (\d+), (\d+)(, 1)?\)$/, "$1, $2, $3"),
            ),
          ).toContain(rgb),
        { timeout: 3000 },
      );
    await drawsTikTokIn("17, 17, 17");
    // The app flips `.dark` on <html> without re-rendering the chart: the chart re-reads its colours.
    document.documentElement.classList.add("dark");
    try {
      await drawsTikTokIn("37, 244, 238");
    } finally {
      document.documentElement.classList.remove("dark");
    }
    await drawsTikTokIn("17, 17, 17");
  },
};
