import { abbreviateNumber } from "@brandscope/ui/format";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { ChartCard } from "../card/chart-card";
import type { BubbleDatum } from "./bubble-chart";
import { EngagementBubbleChart, KeywordBubbleChart } from "./bubble-presets";

const keywords: BubbleDatum[] = [
  { id: "running-shoes", label: "running shoes", x: 1.8, y: 74_000, radius: 0.82 },
  { id: "trail-shoes", label: "trail shoes", x: 2.6, y: 18_100, radius: 0.64 },
  { id: "marathon-plan", label: "marathon training plan", x: 0.9, y: 33_100, radius: 0.21 },
  { id: "carbon-plate", label: "carbon plate shoes", x: 4.4, y: 6_600, radius: 0.55 },
  { id: "gait-analysis", label: "gait analysis near me", x: 12.3, y: 2_900, radius: 0.38 },
];

const influencers: BubbleDatum[] = [
  { id: "ana", label: "@ana.runs", x: 182_000, y: 236, radius: 0.041 },
  { id: "coach-kev", label: "@coachkev", x: 64_000, y: 118, radius: 0.063 },
  { id: "trailmix", label: "@trailmix", x: 410_000, y: 312, radius: 0.027 },
  { id: "paceline", label: "@paceline", x: 23_500, y: 47, radius: 0.088 },
];

// Crowded like the sample's keywords: many bubbles close together, most of them small.
const crowded: BubbleDatum[] = Array.from({ length: 14 }, (_, index) => ({
  id: `keyword-${index}`,
  label: `coffee keyword ${index + 1}`,
  x: 1 + (index % 4) * 0.3,
  y: 20_000 + (index % 5) * 1_500,
  radius: (index + 1) / 20,
}));

const dollars = (value: number) => `$${value}`;

const meta = {
  title: "Charts/Bubble",
  component: KeywordBubbleChart,
  args: {
    ariaLabel: "Keyword cost per click against search volume",
    data: keywords,
    xLabel: "Cost per click",
    yLabel: "Search volume",
    radiusLabel: "Competition",
    formatX: dollars,
  },
  render: (args) => (
    <ChartCard title="Keyword cost per click" className="max-w-2xl">
      <KeywordBubbleChart {...args} />
    </ChartCard>
  ),
} satisfies Meta<typeof KeywordBubbleChart>;

export default meta;
type Story = StoryObj<typeof meta>;

function tickLabels(chart: HTMLElement, pattern: RegExp): string[] {
  return Array.from(chart.querySelectorAll("text"), (text) => text.textContent ?? "").filter((text) =>
    pattern.test(text),
  );
}

export const KeywordBubble: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const chart = await canvas.findByRole("img", { name: "Keyword cost per click against search volume" });
    // Cost per click runs to $12.30: ticks every $5 up to $15.
    await waitFor(() => expect(tickLabels(chart, /^\$/)).toEqual(["$0", "$5", "$10", "$15"]));
    const table = canvas.getByRole("table", { name: "Keyword cost per click against search volume" });
    await expect(within(table).getByRole("row", { name: /running shoes/ })).toHaveTextContent("82%");
  },
};

export const TooltipShowsRadiusAsPercentage: Story = {
  play: async ({ canvasElement }) => {
    const chart = await within(canvasElement).findByRole("img", { name: /Keyword cost per click/ });
    await waitFor(() => expect(chart.querySelectorAll("circle")).toHaveLength(keywords.length));
    const [first] = chart.querySelectorAll("circle");
    if (!first) throw new Error("no bubble drawn");
    await userEvent.hover(first);
    const label = await within(chart).findByText("Competition");
    const tooltip = label.closest<HTMLElement>("[data-slot=chart-tooltip]");
    if (!tooltip) throw new Error("the radius is not inside a tooltip");
    // nivo positions the tooltip a frame after it mounts: wait for it to settle rather than race it.
    await waitFor(() => expect(within(tooltip).getByText("running shoes")).toBeVisible());
    await expect(label.nextElementSibling).toHaveTextContent("82%");
  },
};

export const EngagementBubble: Story = {
  args: {
    ariaLabel: "Audience against engagement",
    data: influencers,
    xLabel: "Audience",
    yLabel: "Engagements per post",
    radiusLabel: "Engagement rate",
    formatX: abbreviateNumber,
  },
  render: (args) => (
    <ChartCard title="Audience against engagement" className="max-w-2xl">
      <EngagementBubbleChart {...args} />
    </ChartCard>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const chart = await canvas.findByRole("img", { name: "Audience against engagement" });
    // Engagements run to 312: y ticks every 50 up to 350 (the audience axis reads 0, 100K, 200K…).
    await waitFor(() =>
      expect([...new Set(tickLabels(chart, /^\d+$/))]).toEqual([
        "0",
        "50",
        "100",
        "150",
        "200",
        "250",
        "300",
        "350",
      ]),
    );
    const [first] = chart.querySelectorAll("circle");
    if (!first) throw new Error("no bubble drawn");
    await userEvent.hover(first);
    const label = await within(chart).findByText("Engagement rate");
    await expect(label.nextElementSibling).toHaveTextContent("4.1%");
  },
};

/** The names drawn on the chart, with their boxes. */
function drawnNames(chart: HTMLElement, names: ReadonlySet<string>) {
  return Array.from(chart.querySelectorAll("text"))
    .filter((text) => names.has(text.textContent ?? ""))
    .map((text) => ({ name: text.textContent ?? "", box: text.getBoundingClientRect() }));
}

/** The five largest bubbles are named, and no two names overlap. */
async function expectFiveLargestNamedApart(chart: HTMLElement, data: readonly BubbleDatum[]) {
  await waitFor(() => expect(chart.querySelectorAll("circle")).toHaveLength(data.length));
  const largest = [...data]
    .sort((a, b) => b.radius - a.radius)
    .slice(0, 5)
    .map((datum) => datum.label);
  const drawn = drawnNames(chart, new Set(data.map((datum) => datum.label)));
  await expect(drawn.map(({ name }) => name).sort()).toEqual([...largest].sort());
  for (const [i, { box: a }] of drawn.entries()) {
    for (const { box: b } of drawn.slice(i + 1)) {
      const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
      await expect(apart).toBe(true);
    }
  }
}

export const CrowdedLabelsOnlyTheLargest: Story = {
  args: { data: crowded, ariaLabel: "Crowded keywords" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const chart = await canvas.findByRole("img", { name: "Crowded keywords" });
    await expectFiveLargestNamedApart(chart, crowded);
    // Every bubble keeps its name in the text alternative.
    const table = canvas.getByRole("table", { name: "Crowded keywords" });
    await expect(within(table).getAllByRole("rowheader")).toHaveLength(crowded.length);
    await expect(canvas.getByText(/Names on the 5 largest bubbles/)).toBeVisible();
  },
};

// Like the sample brand's keywords: one far out, the largest bubbles piled up near the bottom with long names.
const piled: BubbleDatum[] = [
  { id: "outlier", label: "coffee", x: 1.6, y: 50_500, radius: 0.2 },
  ...Array.from({ length: 30 }, (_, index) => ({
    id: `piled-${index}`,
    label: index < 5 ? `best coffee subscription ${index + 1}` : `keyword ${index + 1}`,
    x: 0.6 + (index % 6) * 0.25,
    y: 800 + (index % 5) * 900,
    radius: index < 5 ? 0.9 - index * 0.05 : 0.1 + (index % 7) * 0.04,
  })),
];

/** Largest bubbles piled on each other: all five still get their names, moved out with leader lines. */
export const PiledLargestStillNamed: Story = {
  args: { data: piled, ariaLabel: "Piled keywords" },
  play: async ({ canvasElement }) => {
    const chart = await within(canvasElement).findByRole("img", { name: "Piled keywords" });
    await expectFiveLargestNamedApart(chart, piled);
    await expect(chart.querySelectorAll("[data-slot=bubble-labels] line").length).toBeGreaterThan(0);
  },
};

/**
 * The text alternative is clipped to a 1 px box whatever its length: a long table never widens the page (it
 * made the intent and competitor screens scroll sideways at 1024 px).
 */
export const TextAlternativeNeverWidensThePage: Story = {
  args: { data: piled, ariaLabel: "Piled keywords" },
  render: (args) => (
    <div className="max-w-sm">
      <KeywordBubbleChart {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole("table", { name: "Piled keywords" });
    const clip = table.closest("[data-slot=chart-data-clip]");
    if (!clip) throw new Error("the table is not clipped");
    const box = clip.getBoundingClientRect();
    await expect(box.width).toBeLessThanOrEqual(1);
    await expect(box.height).toBeLessThanOrEqual(1);
    const page = document.scrollingElement ?? document.documentElement;
    await expect(page.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

export const UnlabelledBubbleNamedInTooltip: Story = {
  args: { data: crowded, ariaLabel: "Crowded keywords" },
  play: async ({ canvasElement }) => {
    const chart = await within(canvasElement).findByRole("img", { name: "Crowded keywords" });
    await waitFor(() => expect(chart.querySelectorAll("circle")).toHaveLength(crowded.length));
    // The smallest bubble is drawn first (one series per bubble, in data order) and carries no label.
    const [smallest] = chart.querySelectorAll("circle");
    if (!smallest) throw new Error("no bubble drawn");
    await userEvent.hover(smallest);
    const label = await within(chart).findByText("Competition");
    const tooltip = label.closest<HTMLElement>("[data-slot=chart-tooltip]");
    if (!tooltip) throw new Error("the radius is not inside a tooltip");
    await waitFor(() => expect(within(tooltip).getByText("coffee keyword 1")).toBeVisible());
  },
};

export const Loading: Story = {
  render: (args) => (
    <ChartCard title="Keyword cost per click" loading className="max-w-2xl">
      <KeywordBubbleChart {...args} />
    </ChartCard>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(
      "Loading Keyword cost per click",
    );
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
    await expect(
      await within(canvasElement).findByRole("img", { name: /Keyword cost per click/ }),
    ).toBeVisible();
  },
};
