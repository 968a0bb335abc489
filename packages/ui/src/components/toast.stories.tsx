import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { Button } from "./button";
import { Toast, ToastDescription, Toaster, ToastProvider, ToastTitle, ToastViewport, toast } from "./toast";

const meta = {
  title: "Feedback/Toast",
  component: Toaster,
  // Each story starts with no toasts left over from the one before.
  beforeEach: () => {
    toast.dismiss();
  },
  render: () => (
    <div className="flex flex-wrap gap-2">
      <Button emphasis="secondary" onClick={() => toast.success("Your brand was added.")}>
        Show success
      </Button>
      <Button emphasis="secondary" onClick={() => toast.warning("Your free trial ends in 3 days.")}>
        Show warning
      </Button>
      <Button
        emphasis="secondary"
        onClick={() =>
          toast.error("Check your connection and try again.", { title: "We couldn't save your profile" })
        }
      >
        Show error
      </Button>
      <Toaster />
    </div>
  ),
} satisfies Meta<typeof Toaster>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** Click a button to raise a toast of each tone; each closes with its "Close" button. */
export const Playground: Story = {};

export const SuccessCloses: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Show success" }));
    const region = body().getByRole("region", { name: /Notifications/ });
    const item = await within(region).findByRole("listitem");
    await expect(item).toHaveTextContent("Your brand was added.");
    await userEvent.click(within(item).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(within(region).queryByRole("listitem")).toBeNull());
  },
};

export const WarningCloses: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Show warning" }));
    const region = body().getByRole("region", { name: /Notifications/ });
    const item = await within(region).findByRole("listitem");
    await expect(item).toHaveTextContent("Your free trial ends in 3 days.");
    await userEvent.click(within(item).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(within(region).queryByRole("listitem")).toBeNull());
  },
};

/** Errors stay until closed; Escape closes the focused toast too. */
export const ErrorCloses: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Show error" }));
    const region = body().getByRole("region", { name: /Notifications/ });
    const item = await within(region).findByRole("listitem");
    await expect(item).toHaveTextContent("We couldn't save your profile");
    // Errors are announced at once (assertive); the other tones wait their turn (polite).
    await waitFor(() => expect(document.querySelector("[role=status][aria-live=assertive]")).not.toBeNull());
    await userEvent.click(within(item).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(within(region).queryByRole("listitem")).toBeNull());
  },
};

/** Several at once stack; `toast.dismiss()` clears them. */
export const Stacked: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Show success" }));
    await userEvent.click(canvas.getByRole("button", { name: "Show warning" }));
    await userEvent.click(canvas.getByRole("button", { name: "Show error" }));
    const region = body().getByRole("region", { name: /Notifications/ });
    await waitFor(() => expect(within(region).getAllByRole("listitem")).toHaveLength(3));
  },
};

export const StackedDark: Story = { ...Stacked, globals: { colourMode: "dark" } };

/** The parts on their own, always open, for visual review of every tone. */
export const AllTones: Story = {
  render: () => (
    <ToastProvider>
      <Toast tone="success" open duration={Number.POSITIVE_INFINITY}>
        <ToastDescription>Your brand was added.</ToastDescription>
      </Toast>
      <Toast tone="warning" open duration={Number.POSITIVE_INFINITY}>
        <ToastTitle>Your free trial ends in 3 days</ToastTitle>
        <ToastDescription>Upgrade to keep your insights coming.</ToastDescription>
      </Toast>
      <Toast tone="error" open duration={Number.POSITIVE_INFINITY}>
        <ToastTitle>We couldn't save your profile</ToastTitle>
        <ToastDescription>Check your connection and try again.</ToastDescription>
      </Toast>
      <ToastViewport className="static max-w-sm p-0" />
    </ToastProvider>
  ),
  play: async () => {
    const region = body().getByRole("region", { name: /Notifications/ });
    await expect(within(region).getAllByRole("button", { name: "Close" })).toHaveLength(3);
  },
};

export const AllTonesDark: Story = { ...AllTones, globals: { colourMode: "dark" } };
