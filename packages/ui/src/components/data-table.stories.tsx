import type { Meta, StoryObj } from "@storybook/react-vite";
import * as React from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { abbreviateNumber, formatCurrency, formatPercent } from "../lib/format";
import { UserAvatar } from "./avatar";
import { Badge } from "./badge";
import { DataTable, type DataTableColumn, type DataTableSort } from "./data-table";
import { EmptyState } from "./empty-state";

type Influencer = { id: string; name: string; network: string; followers: number; engagement: number };

const influencers: Influencer[] = [
  { id: "1", name: "Maya Okafor", network: "Instagram", followers: 1_240_000, engagement: 0.042 },
  { id: "2", name: "Leo Martins", network: "TikTok", followers: 845_000, engagement: 0.087 },
  { id: "3", name: "Hana Sato", network: "YouTube", followers: 2_310_000, engagement: 0.031 },
  { id: "4", name: "Tom Becker", network: "LinkedIn", followers: 96_400, engagement: 0.056 },
];

const columns: DataTableColumn<Influencer>[] = [
  {
    id: "name",
    header: "Influencer",
    rowHeader: true,
    sortable: true,
    cell: (row) => (
      <span className="flex items-center gap-3">
        <UserAvatar name={row.name} size="sm" decorative />
        {row.name}
      </span>
    ),
    skeletonClassName: "w-40",
  },
  { id: "network", header: "Network", cell: (row) => <Badge tone="outline">{row.network}</Badge> },
  {
    id: "followers",
    header: "Followers",
    align: "end",
    sortable: true,
    cell: (row) => abbreviateNumber(row.followers),
  },
  {
    id: "engagement",
    header: "Engagement",
    align: "end",
    sortable: true,
    cell: (row) => formatPercent(row.engagement, { decimals: 1 }),
  },
];

function sortRows(rows: readonly Influencer[], sort?: DataTableSort) {
  if (!sort) return rows;
  const key = sort.columnId as keyof Influencer;
  const factor = sort.direction === "ascending" ? 1 : -1;
  return [...rows].sort((a, b) => (a[key] < b[key] ? -factor : a[key] > b[key] ? factor : 0));
}

/** The app sorts (usually on the server); the story sorts in memory. */
function SortableTable(props: Omit<React.ComponentProps<typeof DataTable<Influencer>>, "sort">) {
  const [sort, setSort] = React.useState<DataTableSort | undefined>({
    columnId: "followers",
    direction: "descending",
  });
  return (
    <DataTable
      {...props}
      rows={sortRows(props.rows, sort)}
      sort={sort}
      onSortChange={(next) => {
        setSort(next);
        props.onSortChange?.(next);
      }}
    />
  );
}

const meta = {
  title: "Data display/Data table",
  component: DataTable<Influencer>,
  args: {
    caption: "Top influencers among your audience",
    columns,
    rows: influencers,
    getRowId: (row) => row.id,
    onSortChange: fn(),
  },
  render: (args) => <SortableTable {...args} />,
} satisfies Meta<typeof DataTable<Influencer>>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The row headers' accessible names (the decorative initials are not part of them), in order. */
async function expectOrder(table: HTMLElement, expected: string[]) {
  const cells = within(table).getAllByRole("rowheader");
  await expect(cells).toHaveLength(expected.length);
  for (const [index, name] of expected.entries()) await expect(cells[index]).toHaveAccessibleName(name);
}

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole("table", { name: "Top influencers among your audience" });
    await expect(within(table).getAllByRole("row")).toHaveLength(5);
    await expect(within(table).getByRole("columnheader", { name: /Followers/ })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
    await expectOrder(table, ["Hana Sato", "Maya Okafor", "Leo Martins", "Tom Becker"]);
  },
};

/** A header's button asks for its sort; pressing it again reverses it. aria-sort tells which column leads. */
export const Sorting: Story = {
  play: async ({ canvasElement, args }) => {
    const table = within(canvasElement).getByRole("table");
    const header = within(table).getByRole("columnheader", { name: /Engagement/ });
    await expect(header).not.toHaveAttribute("aria-sort");
    await userEvent.click(within(header).getByRole("button", { name: "Engagement" }));
    await expect(args.onSortChange).toHaveBeenLastCalledWith({
      columnId: "engagement",
      direction: "ascending",
    });
    await expect(header).toHaveAttribute("aria-sort", "ascending");
    await expectOrder(table, ["Hana Sato", "Maya Okafor", "Tom Becker", "Leo Martins"]);
    await userEvent.click(within(header).getByRole("button", { name: "Engagement" }));
    await expect(header).toHaveAttribute("aria-sort", "descending");
    await expectOrder(table, ["Leo Martins", "Tom Becker", "Maya Okafor", "Hana Sato"]);
    await expect(within(table).getByRole("columnheader", { name: /Followers/ })).not.toHaveAttribute(
      "aria-sort",
    );
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole("table");
    await expect(table).toHaveAttribute("aria-busy", "true");
    await expect(within(table).queryAllByRole("rowheader")).toHaveLength(0);
  },
};

export const Empty: Story = {
  args: {
    rows: [],
    empty: (
      <EmptyState
        className="border-0"
        title="No influencers for these filters"
        description="Try another country or a longer period."
      />
    ),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("No influencers for these filters")).toBeVisible();
  },
};

export const EmptyPlainText: Story = { args: { rows: [] } };

/** A keyword list: no sorting, caption kept for screen readers only (a heading above says it). */
export const KeywordsWithHiddenCaption: Story = {
  render: () => (
    <section className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">Keywords</h2>
      <DataTable
        caption="Keywords"
        hideCaption
        getRowId={(row) => row.keyword}
        rows={[
          { keyword: "trail running shoes", volume: 74_000, cpc: 1.85 },
          { keyword: "waterproof hiking jacket", volume: 33_100, cpc: 2.4 },
          { keyword: "ultralight tent", volume: 12_100, cpc: 1.1 },
        ]}
        columns={[
          { id: "keyword", header: "Keyword", rowHeader: true, cell: (row) => row.keyword },
          {
            id: "volume",
            header: "Monthly searches",
            align: "end",
            cell: (row) => abbreviateNumber(row.volume),
          },
          { id: "cpc", header: "Cost per click", align: "end", cell: (row) => formatCurrency(row.cpc) },
        ]}
      />
    </section>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("table", { name: "Keywords" })).toBeVisible();
  },
};

export const DefaultDark: Story = { globals: { colourMode: "dark" } };

export const LoadingDark: Story = { ...Loading, globals: { colourMode: "dark" } };
