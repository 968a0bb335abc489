import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Button } from "./button";
import { PaymentMethodList } from "./payment-method-list";

const visa = { id: "pm_1", brand: "visa", last4: "4242", expMonth: 4, expYear: 2029, isDefault: true };
const mastercard = {
  id: "pm_2",
  brand: "mastercard",
  last4: "4444",
  expMonth: 11,
  expYear: 2030,
  isDefault: false,
};

const meta = {
  title: "Data display/Payment method list",
  component: PaymentMethodList,
  decorators: [(Story) => <div className="max-w-xl">{Story()}</div>],
  args: { methods: [visa, mastercard], onRemove: fn(), onMakeDefault: fn() },
} satisfies Meta<typeof PaymentMethodList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Brand, last 4, expiry; the default card carries the badge and has no 'Make default'. */
export const TwoCards: Story = {
  play: async ({ canvasElement, args }) => {
    const list = within(canvasElement).getByRole("list", { name: "Payment methods" });
    const items = within(list).getAllByRole("listitem");
    await expect(items).toHaveLength(2);
    const first = within(list).getByRole("listitem", { name: "Visa ending in 4242" });
    await expect(within(first).getByText("Default")).toBeVisible();
    await expect(within(first).getByText("Expires 04/29")).toBeVisible();
    await expect(within(first).queryByRole("button", { name: "Make default" })).toBeNull();
    const second = within(list).getByRole("listitem", { name: "Mastercard ending in 4444" });
    const makeDefault = within(second).getByRole("button", { name: "Make default" });
    await expect(makeDefault).toHaveAccessibleDescription("Mastercard ending in 4444");
    await userEvent.click(makeDefault);
    await expect(args.onMakeDefault).toHaveBeenCalledWith(mastercard);
    await userEvent.click(within(first).getByRole("button", { name: "Remove" }));
    await expect(args.onRemove).toHaveBeenCalledWith(visa);
  },
};

/** While one card changes, its button is busy and the others wait. */
export const Pending: Story = {
  args: { pendingId: "pm_2" },
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole("list", { name: "Payment methods" });
    const second = within(list).getByRole("listitem", { name: "Mastercard ending in 4444" });
    await expect(within(second).getByRole("button", { name: "Make default" })).toHaveAttribute(
      "aria-busy",
      "true",
    );
    const first = within(list).getByRole("listitem", { name: "Visa ending in 4242" });
    await expect(within(first).getByRole("button", { name: "Remove" })).toBeDisabled();
  },
};

export const Empty: Story = {
  args: { methods: [], emptyAction: <Button size="sm">Upgrade</Button> },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("No payment method yet")).toBeVisible();
    await expect(canvas.queryByRole("list")).toBeNull();
  },
};

export const ReadOnly: Story = { args: { onRemove: undefined, onMakeDefault: undefined } };

export const TwoCardsDark: Story = { ...TwoCards, play: undefined, globals: { colourMode: "dark" } };
