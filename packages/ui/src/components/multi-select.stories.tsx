import type { Meta, StoryObj } from "@storybook/react-vite";
import * as React from "react";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { MultiSelect, SELECT_ALL_VALUE } from "./multi-select";

const networks = [
  { value: "facebook", label: "Facebook" },
  { value: "instagram", label: "Instagram" },
  { value: "tiktok", label: "TikTok" },
  { value: "linkedin", label: "LinkedIn" },
  { value: "youtube", label: "YouTube" },
  { value: "twitter", label: "Twitter" },
];
const everyNetwork = networks.map((network) => network.value);

const meta = {
  title: "Forms/Multi select",
  component: MultiSelect,
  args: { label: "Networks", options: networks, onValueChange: fn(), onBlur: fn() },
  decorators: [(Story) => <div className="max-w-sm">{Story()}</div>],
  parameters: { a11y: { context: "body" } },
} satisfies Meta<typeof MultiSelect>;

export default meta;
type Story = StoryObj<typeof meta>;

const triggerOf = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole("button", { name: /^Networks/ });

async function openList(canvasElement: HTMLElement) {
  await userEvent.click(triggerOf(canvasElement));
  return screen.findByRole("listbox", { name: "Networks" });
}

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const trigger = triggerOf(canvasElement);
    await expect(trigger).toHaveAccessibleName("Networks Select…");
    const list = await openList(canvasElement);
    await expect(list).toHaveAttribute("aria-multiselectable", "true");
    // Focus moves to the search box, which drives the list.
    await expect(screen.getByRole("combobox", { name: "Search options" })).toHaveFocus();
  },
};

/**
 * docs/product.md §5: 'Select all' (value *) selects every option and the trigger reads 'All'; deselecting one
 * drops it.
 */
export const SelectAll: Story = {
  play: async ({ canvasElement, args }) => {
    const list = await openList(canvasElement);
    const selectAll = within(list).getByRole("option", { name: "Select all" });
    await expect(selectAll).toHaveAttribute("data-value", SELECT_ALL_VALUE);

    await userEvent.click(selectAll);
    await expect(args.onValueChange).toHaveBeenLastCalledWith(everyNetwork);
    for (const option of within(list).getAllByRole("option"))
      await expect(option).toHaveAttribute("aria-selected", "true");
    await expect(triggerOf(canvasElement)).toHaveTextContent(/^All$/);

    await userEvent.click(within(list).getByRole("option", { name: "TikTok" }));
    await expect(within(list).getByRole("option", { name: "TikTok" })).toHaveAttribute(
      "aria-selected",
      "false",
    );
    await expect(selectAll).toHaveAttribute("aria-selected", "false");
    await expect(args.onValueChange).toHaveBeenLastCalledWith(
      everyNetwork.filter((value) => value !== "tiktok"),
    );
    await expect(triggerOf(canvasElement)).toHaveTextContent("5 selected");

    // Selecting the last missing option brings 'All' back.
    await userEvent.click(within(list).getByRole("option", { name: "TikTok" }));
    await expect(selectAll).toHaveAttribute("aria-selected", "true");
    await expect(triggerOf(canvasElement)).toHaveTextContent(/^All$/);
  },
};

/** docs/product.md §5: Backspace in the empty search box never removes or clears the selection. */
export const BackspaceKeepsSelection: Story = {
  args: { defaultValue: ["instagram", "tiktok"] },
  play: async ({ canvasElement, args }) => {
    await expect(triggerOf(canvasElement)).toHaveTextContent("Instagram, TikTok");
    const list = await openList(canvasElement);
    const search = screen.getByRole("combobox", { name: "Search options" });
    await expect(search).toHaveFocus();
    await userEvent.keyboard("{Backspace}{Backspace}{Backspace}");
    await expect(args.onValueChange).not.toHaveBeenCalled();
    await expect(within(list).getByRole("option", { name: "Instagram" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(within(list).getByRole("option", { name: "TikTok" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    // Backspace still edits a typed search.
    await userEvent.keyboard("tik{Backspace}");
    await expect(search).toHaveValue("ti");
    await userEvent.keyboard("{Escape}");
    await expect(triggerOf(canvasElement)).toHaveTextContent("Instagram, TikTok");
  },
};

/** Backspace with everything selected keeps 'All'. */
export const BackspaceKeepsAll: Story = {
  args: { defaultValue: everyNetwork },
  play: async ({ canvasElement, args }) => {
    await openList(canvasElement);
    await userEvent.keyboard("{Backspace}");
    await userEvent.keyboard("{Escape}");
    await expect(triggerOf(canvasElement)).toHaveTextContent(/^All$/);
    await expect(args.onValueChange).not.toHaveBeenCalled();
  },
};

/** Typing filters the list ('Select all' hides while searching); arrows move, Enter toggles, focus stays. */
export const SearchAndKeyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const list = await openList(canvasElement);
    await userEvent.keyboard("in");
    await expect(
      within(list)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Instagram", "LinkedIn"]);
    await userEvent.keyboard("{ArrowDown}{Enter}");
    await expect(args.onValueChange).toHaveBeenLastCalledWith(["linkedin"]);
    await userEvent.keyboard("{ArrowUp}{Enter}");
    await expect(args.onValueChange).toHaveBeenLastCalledWith(["instagram", "linkedin"]);
    await userEvent.keyboard("zzz");
    await expect(screen.getByRole("status")).toHaveTextContent("No results");
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(triggerOf(canvasElement)).toHaveFocus());
    await expect(triggerOf(canvasElement)).toHaveTextContent("Instagram, LinkedIn");
  },
};

function RequiredNetworks() {
  const [value, setValue] = React.useState<string[]>([]);
  const [touched, setTouched] = React.useState(false);
  return (
    <MultiSelect
      label="Networks"
      options={networks}
      value={value}
      onValueChange={setValue}
      onBlur={() => setTouched(true)}
      error={value.length ? undefined : "This is a required field"}
      touched={touched}
    />
  );
}

/** docs/product.md §5: no message while the list is open; closing it empty shows the message. */
export const ErrorOnlyOnceTouched: Story = {
  render: () => <RequiredNetworks />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await openList(canvasElement);
    await expect(canvas.queryByRole("alert")).not.toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
    await expect(await canvas.findByRole("alert")).toHaveTextContent("This is a required field");
    await expect(triggerOf(canvasElement)).toHaveAttribute("aria-invalid", "true");
    const list = await openList(canvasElement);
    await userEvent.click(within(list).getByRole("option", { name: "Select all" }));
    await waitFor(() => expect(canvas.queryByRole("alert")).not.toBeInTheDocument());
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: ["facebook"] },
  play: async ({ canvasElement }) => {
    await expect(triggerOf(canvasElement)).toBeDisabled();
  },
};

export const Open: Story = {
  args: { defaultValue: ["instagram", "tiktok"], hint: "Charts show only these networks." },
  play: async ({ canvasElement }) => {
    await openList(canvasElement);
  },
};

export const OpenDark: Story = { ...Open, globals: { colourMode: "dark" } };

export const AllStates: Story = {
  render: () => (
    <div className="grid gap-6">
      <MultiSelect label="Networks" options={networks} />
      <MultiSelect
        label="Networks"
        options={networks}
        defaultValue={["facebook", "tiktok"]}
        hint="Up to all six."
      />
      <MultiSelect label="Networks" options={networks} defaultValue={everyNetwork} />
      <MultiSelect label="Networks" options={networks} error="This is a required field" touched />
      <MultiSelect label="Networks" options={networks} defaultValue={["youtube"]} disabled />
    </div>
  ),
};

export const AllStatesDark: Story = { ...AllStates, globals: { colourMode: "dark" } };
