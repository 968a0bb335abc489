import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Button } from "./button";
import { PricingCard } from "./pricing-card";

const meta = {
  title: "Data display/Pricing card",
  component: PricingCard,
  // One card at a card's width; the grids ask for more room with `parameters.wide`.
  decorators: [
    (Story, { parameters }) => <div className={parameters.wide ? "max-w-5xl" : "max-w-xs"}>{Story()}</div>,
  ],
  args: {
    title: "Professional",
    description: "For marketers who follow a whole market.",
    price: 89,
    chargeType: "per_month",
    featureInfo: "Everything in Starter, plus:",
    features: ["5 competitors per brand", "Full CSV export", "Up to 3 team members"],
  },
  argTypes: { chargeType: { control: "inline-radio", options: ["per_month", "per_year"] } },
} satisfies Meta<typeof PricingCard>;

export default meta;
type Story = StoryObj<typeof meta>;

const article = (canvasElement: HTMLElement, name: string) =>
  within(canvasElement).getByRole("article", { name });

/** 0 reads 'Free', with no period. */
export const Free: Story = {
  args: {
    title: "Starter",
    description: "Explore Brandscope with one brand.",
    price: 0,
    featureInfo: "Includes:",
    features: ["1 brand", "1 competitor", "Top 3 personas and influencers"],
  },
  play: async ({ canvasElement }) => {
    const card = article(canvasElement, "Starter");
    await expect(within(card).getByText("Free")).toBeVisible();
    await expect(within(card).queryByText(/Monthly|Yearly/)).toBeNull();
    await expect(within(card).queryByRole("button")).toBeNull();
  },
};

/** Currency symbol then amount, per month. */
export const Monthly: Story = {
  play: async ({ canvasElement }) => {
    const card = article(canvasElement, "Professional");
    await expect(within(card).getByText("$89")).toBeVisible();
    await expect(within(card).getByText("/ Monthly")).toBeVisible();
    await expect(within(card).getAllByRole("listitem")).toHaveLength(3);
    await expect(within(card).getByText("Everything in Starter, plus:")).toBeVisible();
  },
};

/** A yearly charge reads '/ Yearly' (docs/product.md §9). */
export const Yearly: Story = {
  args: { price: 890, chargeType: "per_year" },
  play: async ({ canvasElement }) => {
    const card = article(canvasElement, "Professional");
    await expect(within(card).getByText("$890")).toBeVisible();
    await expect(within(card).getByText("/ Yearly")).toBeVisible();
  },
};

/** The user's current plan: the 'Active' badge, and (for Professional) no button. */
export const Active: Story = {
  args: { current: true },
  play: async ({ canvasElement }) => {
    const card = article(canvasElement, "Professional");
    await expect(within(card).getByText("Active")).toBeVisible();
    await expect(within(card).queryByRole("button")).toBeNull();
  },
};

const upgrade = fn().mockName("upgrade");

/** With an action button; Enterprise passes a link styled as a button (asChild) to its contact form. */
export const WithAction: Story = {
  args: { action: <Button onClick={upgrade}>Upgrade</Button> },
  beforeEach: () => {
    upgrade.mockClear();
  },
  play: async ({ canvasElement }) => {
    const card = article(canvasElement, "Professional");
    await userEvent.click(within(card).getByRole("button", { name: "Upgrade" }));
    await expect(upgrade).toHaveBeenCalledOnce();
  },
};

export const WithoutAction: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(article(canvasElement, "Professional")).queryByRole("button")).toBeNull();
  },
};

export const EnterpriseWithLink: Story = {
  args: {
    title: "Enterprise",
    description: "For agencies and large teams.",
    price: 249,
    featureInfo: "Everything in Professional, plus:",
    features: ["Unlimited brands", "10 competitors per brand", "Unlimited team members"],
    action: (
      <Button asChild emphasis="secondary">
        <a href="#contact-sales" target="_blank" rel="noreferrer">
          Talk to sales
        </a>
      </Button>
    ),
  },
  play: async ({ canvasElement }) => {
    const card = article(canvasElement, "Enterprise");
    await expect(within(card).getByText("$249")).toBeVisible();
    await expect(within(card).getByRole("link", { name: "Talk to sales" })).toHaveAttribute(
      "target",
      "_blank",
    );
  },
};

/** The three plans as the pricing section shows them, the current one marked. */
export const AllPlans: Story = {
  parameters: { wide: true },
  render: () => (
    <div className="grid gap-4 md:grid-cols-3">
      <PricingCard
        title="Starter"
        description="Explore Brandscope with one brand."
        price={0}
        featureInfo="Includes:"
        features={["1 brand", "1 competitor", "Top 3 personas and influencers"]}
        current
      />
      <PricingCard
        title="Professional"
        description="For marketers who follow a whole market."
        price={89}
        featureInfo="Everything in Starter, plus:"
        features={["5 competitors per brand", "Full CSV export", "Up to 3 team members"]}
        action={<Button>Upgrade</Button>}
      />
      <PricingCard
        title="Enterprise"
        description="For agencies and large teams."
        price={249}
        chargeType="per_year"
        featureInfo="Everything in Professional, plus:"
        features={["Unlimited brands", "10 competitors per brand", "Unlimited team members"]}
        action={<Button emphasis="secondary">Talk to sales</Button>}
      />
    </div>
  ),
};

export const AllPlansDark: Story = { ...AllPlans, globals: { colourMode: "dark" } };
