import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { SubscriptionBanner } from "./subscription-banner";

const meta = {
  title: "Feedback/Subscription banner",
  component: SubscriptionBanner,
  args: { variant: "expired", onAction: fn(), onDismiss: fn() },
  argTypes: {
    variant: {
      control: "inline-radio",
      options: ["expired", "about_to_expire", "card_expired", "cancelled"],
    },
  },
} satisfies Meta<typeof SubscriptionBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Starter plan no longer active: error style, no dismiss button, 'Upgrade'. */
export const Expired: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const banner = canvas.getByRole("region", { name: "Your free trial has ended." });
    await expect(within(banner).queryByRole("button", { name: "Dismiss" })).toBeNull();
    await userEvent.click(within(banner).getByRole("button", { name: "Upgrade" }));
    await expect(args.onAction).toHaveBeenCalledOnce();
  },
};

/** The last 5 days of the trial: warning style, dismissible, with the time left. */
export const AboutToExpire: Story = {
  args: { variant: "about_to_expire", remaining: "3 days" },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const banner = canvas.getByRole("region", { name: "Your free trial ends in 3 days." });
    await userEvent.click(within(banner).getByRole("button", { name: "Upgrade" }));
    await expect(args.onAction).toHaveBeenCalledOnce();
    await userEvent.click(within(banner).getByRole("button", { name: "Dismiss" }));
    await expect(args.onDismiss).toHaveBeenCalledOnce();
    await waitFor(() => expect(canvas.queryByRole("region")).toBeNull());
  },
};

/** The time left worded from the end date (formatRemainingTime): 4 days 6 hours → "4 days". */
export const AboutToExpireFromEndDate: Story = {
  args: {
    variant: "about_to_expire",
    now: new Date("2026-03-01T09:00:00Z"),
    endsAt: new Date("2026-03-05T15:00:00Z"),
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole("region", { name: "Your free trial ends in 4 days." }),
    ).toBeVisible();
  },
};

export const AboutToExpireLastHour: Story = {
  args: { variant: "about_to_expire", remaining: "less than an hour" },
};

/** A paid plan whose renewal failed: error style, dismissible, 'Update' (to the profile's payment details). */
export const CardExpired: Story = {
  args: { variant: "card_expired" },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const banner = canvas.getByRole("region", { name: "We couldn't renew your subscription." });
    await userEvent.click(within(banner).getByRole("button", { name: "Update" }));
    await expect(args.onAction).toHaveBeenCalledOnce();
    await userEvent.click(within(banner).getByRole("button", { name: "Dismiss" }));
    await expect(args.onDismiss).toHaveBeenCalledOnce();
    await waitFor(() => expect(canvas.queryByRole("region")).toBeNull());
  },
};

/** A cancelled paid plan still running: warning style, its end date, 'Resume'. */
export const Cancelled: Story = {
  args: { variant: "cancelled", endsAt: new Date("2027-03-31T23:59:59Z") },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const banner = canvas.getByRole("region", { name: "Your plan is cancelled and ends on March 31, 2027." });
    await userEvent.click(within(banner).getByRole("button", { name: "Resume" }));
    await expect(args.onAction).toHaveBeenCalledOnce();
  },
};

/** A cancelled plan that has ended: no date, and the app offers 'Upgrade' instead. */
export const CancelledEnded: Story = {
  args: { variant: "cancelled", actionLabel: "Upgrade" },
  play: async ({ canvasElement }) => {
    const banner = within(canvasElement).getByRole("region", { name: "Your plan has ended." });
    await expect(within(banner).getByRole("button", { name: "Upgrade" })).toBeVisible();
  },
};

export const AllVariants: Story = {
  render: (args) => (
    <div className="flex flex-col gap-4">
      <SubscriptionBanner {...args} variant="expired" />
      <SubscriptionBanner {...args} variant="about_to_expire" remaining="3 days" />
      <SubscriptionBanner {...args} variant="card_expired" />
      <SubscriptionBanner {...args} variant="cancelled" endsAt={new Date("2027-03-31T23:59:59Z")} />
    </div>
  ),
};

export const AllVariantsDark: Story = { ...AllVariants, globals: { colourMode: "dark" } };

/** Narrow: the buttons wrap under the text. */
export const AllVariantsNarrow: Story = {
  ...AllVariants,
  decorators: [(Story) => <div className="max-w-sm">{Story()}</div>],
};
