import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { BrandSwitcher } from "./brand-switcher";

const brands = [
  { id: "lumora", name: "Lumora Coffee" },
  { id: "bramble", name: "Bramble Tea" },
  { id: "copper", name: "Copper Kettle" },
];

const meta = {
  title: "Layout/Brand switcher",
  component: BrandSwitcher,
  args: { brands, currentId: "lumora", onSelect: fn(), onAdd: fn() },
  decorators: [
    (Story) => (
      <div className="flex h-72 items-start">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof BrandSwitcher>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

export const SeveralBrands: Story = {
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole("button", { name: "Brand: Lumora Coffee" });
    await expect(trigger).toHaveAttribute("aria-haspopup", "menu");
    // Opened by keyboard, the menu starts on its first brand.
    trigger.focus();
    await userEvent.keyboard("{Enter}");
    const menu = await body().findByRole("menu");
    const current = within(menu).getByRole("menuitemradio", { name: "Lumora Coffee" });
    await expect(current).toHaveAttribute("aria-checked", "true");
    await expect(within(menu).getByRole("menuitemradio", { name: "Bramble Tea" })).toHaveAttribute(
      "aria-checked",
      "false",
    );
    // Down to the next brand; Enter chooses it and the menu closes.
    await userEvent.keyboard("{ArrowDown}{Enter}");
    await expect(args.onSelect).toHaveBeenCalledWith("bramble");
    await expect(body().queryByRole("menu")).toBeNull();
  },
};

export const AddABrand: Story = {
  play: async ({ canvasElement, args }) => {
    // Choosing the brand shown already changes nothing.
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Brand: Lumora Coffee" }));
    await userEvent.click(await body().findByRole("menuitemradio", { name: "Lumora Coffee" }));
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Brand: Lumora Coffee" }));
    await userEvent.click(await body().findByRole("menuitem", { name: "Add a brand" }));
    await expect(args.onAdd).toHaveBeenCalledOnce();
    await expect(args.onSelect).not.toHaveBeenCalled();
  },
};

/** A one-brand plan: the brand alone, no menu of one; adding is an upgrade prompt. */
export const OneBrandPlan: Story = {
  args: { brands: [{ id: "lumora", name: "Lumora Coffee" }], addIsUpgrade: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Lumora Coffee")).toBeVisible();
    await expect(canvas.queryByRole("button", { name: /^Brand:/ })).toBeNull();
    await userEvent.click(canvas.getByRole("button", { name: "Add a brand (Enterprise)" }));
    await expect(args.onAdd).toHaveBeenCalledOnce();
  },
};

/** One brand on Enterprise: the menu, since adding one is there. */
export const OneBrandMayAdd: Story = {
  args: { brands: [{ id: "lumora", name: "Lumora Coffee" }] },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Brand: Lumora Coffee" }));
    await expect(await body().findByRole("menuitem", { name: "Add a brand" })).toBeVisible();
  },
};
