import type { Meta, StoryObj } from "@storybook/react-vite";
import * as React from "react";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { AsyncSelect, type AsyncSelectOption } from "./async-select";

const brands: AsyncSelectOption[] = [
  { value: "nike", label: "Nike" },
  { value: "adidas", label: "Adidas" },
  { value: "puma", label: "Puma" },
  { value: "new-balance", label: "New Balance" },
  { value: "asics", label: "Asics" },
  { value: "reebok", label: "Reebok" },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fake remote search: answers after `latency` ms, rejects with AbortError when its signal aborts. */
function searchBrands(latency = 150) {
  return (query: string, signal: AbortSignal) =>
    new Promise<AsyncSelectOption[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        const needle = query.trim().toLowerCase();
        resolve(brands.filter((brand) => brand.label.toLowerCase().includes(needle)));
      }, latency);
      signal.addEventListener("abort", () => {
        clearTimeout(timer);
        reject(new DOMException("Aborted", "AbortError"));
      });
    });
}

const meta = {
  title: "Forms/Async select",
  component: AsyncSelect,
  args: { label: "Competitor", loadOptions: fn(searchBrands()), onValueChange: fn(), onBlur: fn() },
  decorators: [(Story) => <div className="max-w-sm">{Story()}</div>],
  parameters: { a11y: { context: "body" } },
} satisfies Meta<typeof AsyncSelect>;

export default meta;
type Story = StoryObj<typeof meta>;

const triggerOf = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole("button", { name: /^Competitor/ });
const search = () => screen.getByRole("combobox", { name: "Search options" });
const queriesOf = (loadOptions: unknown) =>
  (loadOptions as ReturnType<typeof fn>).mock.calls.map((call) => call[0] as string);

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(triggerOf(canvasElement));
    // Opening lists the first page at once (an empty query), without waiting for the debounce.
    const list = await screen.findByRole("listbox", { name: "Competitor" });
    await waitFor(() => expect(within(list).getAllByRole("option")).toHaveLength(6));
    await userEvent.click(within(list).getByRole("option", { name: "Puma" }));
    await expect(args.onValueChange).toHaveBeenCalledOnce();
    await expect(args.onValueChange).toHaveBeenCalledWith({ value: "puma", label: "Puma" });
    await expect(triggerOf(canvasElement)).toHaveTextContent("Puma");
    await waitFor(() => expect(triggerOf(canvasElement)).toHaveFocus());
  },
};

/** docs/product.md §5/§9: typing several characters quickly searches once, 500 ms after the last one. */
export const DebouncedSearch: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(triggerOf(canvasElement));
    await waitFor(() => expect(queriesOf(args.loadOptions)).toEqual([""]));
    await userEvent.type(search(), "ad");
    await userEvent.type(search(), "i");
    const typedAt = performance.now();
    await expect(screen.getByRole("status")).toHaveTextContent("Searching…");
    await sleep(300);
    await expect(queriesOf(args.loadOptions)).toEqual([""]);
    await waitFor(() => expect(queriesOf(args.loadOptions)).toEqual(["", "adi"]), { timeout: 2000 });
    await expect(performance.now() - typedAt).toBeGreaterThanOrEqual(450);
    const list = screen.getByRole("listbox", { name: "Competitor" });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole("option")
          .map((option) => option.textContent),
      ).toEqual(["Adidas"]),
    );
    // Nothing more happens later: one search for the burst of keystrokes.
    await sleep(600);
    await expect(args.loadOptions).toHaveBeenCalledTimes(2);
  },
};

/** A newer search aborts the one in flight, and the stale answer never shows. */
export const AbortsStaleRequests: Story = {
  args: { loadOptions: fn(searchBrands(1200)) },
  play: async ({ canvasElement, args }) => {
    const loadOptions = args.loadOptions as ReturnType<typeof fn>;
    await userEvent.click(triggerOf(canvasElement));
    await userEvent.type(search(), "n");
    await waitFor(() => expect(queriesOf(loadOptions)).toEqual(["", "n"]), { timeout: 2000 });
    await userEvent.type(search(), "i");
    await waitFor(() => expect(queriesOf(loadOptions)).toEqual(["", "n", "ni"]), { timeout: 2000 });
    const signals = loadOptions.mock.calls.map((call) => call[1] as AbortSignal);
    await expect(signals[0]?.aborted).toBe(true);
    await expect(signals[1]?.aborted).toBe(true);
    await expect(signals[2]?.aborted).toBe(false);
    const list = screen.getByRole("listbox", { name: "Competitor" });
    await waitFor(
      () =>
        expect(
          within(list)
            .getAllByRole("option")
            .map((option) => option.textContent),
        ).toEqual(["Nike"]),
      {
        timeout: 3000,
      },
    );
  },
};

export const Loading: Story = {
  args: {
    loadOptions: fn((_query: string, _signal: AbortSignal) => new Promise<AsyncSelectOption[]>(() => {})),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(triggerOf(canvasElement));
    await expect(await screen.findByRole("status")).toHaveTextContent("Searching…");
    await expect(screen.getByRole("listbox", { name: "Competitor" })).toHaveAttribute("aria-busy", "true");
  },
};

export const NoResults: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(triggerOf(canvasElement));
    await userEvent.type(search(), "zzz");
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("No results"), {
      timeout: 2000,
    });
    await expect(screen.queryAllByRole("option")).toHaveLength(0);
  },
};

export const LoadFailed: Story = {
  args: {
    loadOptions: fn((_query: string, _signal: AbortSignal) =>
      Promise.reject<AsyncSelectOption[]>(new Error("503")),
    ),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(triggerOf(canvasElement));
    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent("The options could not be loaded"),
    );
  },
};

/** With `minQueryLength`, short searches ask for more instead of calling the server. */
export const MinimumQueryLength: Story = {
  args: { minQueryLength: 2 },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(triggerOf(canvasElement));
    await expect(await screen.findByRole("status")).toHaveTextContent("Type to search");
    await userEvent.type(search(), "p");
    await sleep(700);
    await expect(args.loadOptions).not.toHaveBeenCalled();
    await userEvent.type(search(), "u");
    await waitFor(() => expect(queriesOf(args.loadOptions)).toEqual(["pu"]), { timeout: 2000 });
  },
};

/** docs/product.md §5: Backspace in the empty search box never clears the chosen option. */
export const BackspaceKeepsSelection: Story = {
  args: { defaultValue: { value: "nike", label: "Nike" } },
  play: async ({ canvasElement, args }) => {
    await expect(triggerOf(canvasElement)).toHaveTextContent("Nike");
    await userEvent.click(triggerOf(canvasElement));
    await expect(search()).toHaveFocus();
    await userEvent.keyboard("{Backspace}{Backspace}");
    await userEvent.keyboard("{Escape}");
    await expect(triggerOf(canvasElement)).toHaveTextContent("Nike");
    await expect(args.onValueChange).not.toHaveBeenCalled();
  },
};

/** Arrows move through the results and Enter chooses; the choice closes the list. */
export const Keyboard: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.tab();
    await expect(triggerOf(canvasElement)).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    const list = await screen.findByRole("listbox", { name: "Competitor" });
    await waitFor(() => expect(within(list).getAllByRole("option")).toHaveLength(6));
    await userEvent.keyboard("{ArrowDown}{ArrowDown}");
    await expect(search()).toHaveAttribute(
      "aria-activedescendant",
      within(list).getByRole("option", { name: "Puma" }).id,
    );
    await userEvent.keyboard("{Enter}");
    await expect(args.onValueChange).toHaveBeenCalledOnce();
    await expect(args.onValueChange).toHaveBeenCalledWith({ value: "puma", label: "Puma" });
    await waitFor(() => expect(screen.queryByRole("listbox")).not.toBeInTheDocument());
  },
};

function RequiredCompetitor() {
  const [value, setValue] = React.useState<AsyncSelectOption | null>(null);
  const [touched, setTouched] = React.useState(false);
  return (
    <AsyncSelect
      label="Competitor"
      loadOptions={searchBrands()}
      value={value}
      onValueChange={setValue}
      onBlur={() => setTouched(true)}
      error={value ? undefined : "This is a required field"}
      touched={touched}
    />
  );
}

export const ErrorOnlyOnceTouched: Story = {
  render: () => <RequiredCompetitor />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(triggerOf(canvasElement));
    await expect(canvas.queryByRole("alert")).not.toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
    await expect(await canvas.findByRole("alert")).toHaveTextContent("This is a required field");
    await userEvent.click(triggerOf(canvasElement));
    await userEvent.click(await screen.findByRole("option", { name: "Asics" }));
    await waitFor(() => expect(canvas.queryByRole("alert")).not.toBeInTheDocument());
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: { value: "nike", label: "Nike" } },
  play: async ({ canvasElement }) => {
    await expect(triggerOf(canvasElement)).toBeDisabled();
  },
};

export const Open: Story = {
  args: { defaultValue: { value: "adidas", label: "Adidas" }, hint: "Search by brand name." },
  play: async ({ canvasElement }) => {
    await userEvent.click(triggerOf(canvasElement));
    await screen.findByRole("option", { name: "Adidas" });
  },
};

export const OpenDark: Story = { ...Open, globals: { colourMode: "dark" } };

export const AllStates: Story = {
  render: () => (
    <div className="grid gap-6">
      <AsyncSelect label="Competitor" loadOptions={searchBrands()} />
      <AsyncSelect
        label="Competitor"
        loadOptions={searchBrands()}
        defaultValue={{ value: "nike", label: "Nike" }}
        hint="Search by brand name."
      />
      <AsyncSelect label="Competitor" loadOptions={searchBrands()} error="This is a required field" touched />
      <AsyncSelect
        label="Competitor"
        loadOptions={searchBrands()}
        defaultValue={{ value: "nike", label: "Nike" }}
        disabled
      />
    </div>
  ),
};

export const AllStatesDark: Story = { ...AllStates, globals: { colourMode: "dark" } };
