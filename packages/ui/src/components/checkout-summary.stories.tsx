import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { CheckoutSummary } from "./checkout-summary";

const meta = {
  title: "Data display/Checkout summary",
  component: CheckoutSummary,
  decorators: [(Story) => <div className="max-w-sm">{Story()}</div>],
  args: { planName: "Professional", price: 89 },
  argTypes: { chargeType: { control: "inline-radio", options: ["per_month", "per_year"] } },
} satisfies Meta<typeof CheckoutSummary>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Sub total and Total equal the price; Sales tax N/A; Single user; Monthly. */
export const Professional: Story = {
  play: async ({ canvasElement }) => {
    const summary = within(canvasElement).getByRole("region", { name: "Billing details" });
    const value = (term: string) => within(summary).getByText(term).nextElementSibling?.textContent;
    await expect(value("Plan")).toBe("Professional");
    await expect(value("Users")).toBe("Single user");
    await expect(value("Billing cycle")).toBe("Monthly");
    await expect(value("Sub total")).toBe("$89");
    await expect(value("Sales tax")).toBe("N/A");
    await expect(value("Total")).toBe("$89");
  },
};

export const Yearly: Story = {
  args: { price: 890, chargeType: "per_year" },
  play: async ({ canvasElement }) => {
    const summary = within(canvasElement).getByRole("region", { name: "Billing details" });
    await expect(within(summary).getByText("Yearly")).toBeVisible();
    await expect(within(summary).getAllByText("$890")).toHaveLength(2);
  },
};

export const ProfessionalDark: Story = { globals: { colourMode: "dark" } };
