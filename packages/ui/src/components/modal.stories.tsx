import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { Button } from "./button";
import {
  Modal,
  ModalBody,
  ModalClose,
  ModalContent,
  ModalDescription,
  ModalFooter,
  ModalHeader,
  ModalTitle,
  ModalTrigger,
} from "./modal";
import { PricingCard } from "./pricing-card";

const meta = {
  title: "Overlays/Modal",
  component: ModalContent,
  args: { size: "medium", closeOnOverlayClick: true, closeOnEscape: true, showCloseButton: true },
  argTypes: { size: { control: "inline-radio", options: ["medium", "wide"] } },
  render: (args) => (
    <Modal>
      <ModalTrigger asChild>
        <Button>Talk to sales</Button>
      </ModalTrigger>
      <ModalContent {...args}>
        <ModalHeader>
          <ModalTitle>Talk to sales</ModalTitle>
          <ModalDescription>
            Tell us about your team and we'll get back to you within a working day.
          </ModalDescription>
        </ModalHeader>
        <ModalBody className="flex flex-col gap-3 text-sm">
          <label className="flex flex-col gap-1.5">
            <span className="font-medium">Email</span>
            <input type="email" className="border-input bg-background h-9 rounded-md border px-3" />
          </label>
          <label className="flex flex-col gap-1.5">
            <span className="font-medium">Company name</span>
            <input className="border-input bg-background h-9 rounded-md border px-3" />
          </label>
        </ModalBody>
        <ModalFooter>
          <ModalClose asChild>
            <Button emphasis="secondary">Cancel</Button>
          </ModalClose>
          <Button>Save</Button>
        </ModalFooter>
      </ModalContent>
    </Modal>
  ),
} satisfies Meta<typeof ModalContent>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

async function open(canvasElement: HTMLElement, trigger = "Talk to sales", title = trigger) {
  await userEvent.click(within(canvasElement).getByRole("button", { name: trigger }));
  return body().findByRole("dialog", { name: title });
}

function overlay() {
  const element = document.querySelector<HTMLElement>("[data-slot=modal-overlay]");
  if (!element) throw new Error("no overlay");
  return element;
}

export const Medium: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    await expect(dialog).toHaveAccessibleDescription(
      "Tell us about your team and we'll get back to you within a working day.",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(body().queryByRole("dialog")).toBeNull());
    // Focus returns to the button that opened it.
    await waitFor(() =>
      expect(within(canvasElement).getByRole("button", { name: "Talk to sales" })).toHaveFocus(),
    );
  },
};

/** The default: a click on the overlay closes the modal. */
export const OverlayClickCloses: Story = {
  play: async ({ canvasElement }) => {
    await open(canvasElement);
    await userEvent.click(overlay());
    await waitFor(() => expect(body().queryByRole("dialog")).toBeNull());
  },
};

/** closeOnOverlayClick={false} (the upgrade modal): the overlay ignores clicks; Escape still closes. */
export const OverlayClickDoesNotClose: Story = {
  args: { closeOnOverlayClick: false },
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    await userEvent.click(overlay());
    await expect(dialog).toBeVisible();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(body().queryByRole("dialog")).toBeNull());
  },
};

/** Neither the overlay nor Escape closes it; the close button and Cancel still do. */
export const OnlyExplicitClose: Story = {
  args: { closeOnOverlayClick: false, closeOnEscape: false },
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    await userEvent.click(overlay());
    await userEvent.keyboard("{Escape}");
    await expect(dialog).toBeVisible();
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(body().queryByRole("dialog")).toBeNull());
  },
};

/** Focus moves in on open and Tab / Shift+Tab cycle inside the dialog. */
export const FocusTrap: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    const focusables =
      within(dialog).getAllByRole("textbox").length + within(dialog).getAllByRole("button").length;
    for (let step = 0; step < focusables + 2; step += 1) {
      await userEvent.tab();
      await expect(dialog.contains(document.activeElement)).toBe(true);
    }
    for (let step = 0; step < focusables + 2; step += 1) {
      await userEvent.tab({ shift: true });
      await expect(dialog.contains(document.activeElement)).toBe(true);
    }
  },
};

/** The upgrade modal's pricing section: wide, does not close on overlay click (docs/product.md §2). */
export const WidePricing: Story = {
  args: { size: "wide", closeOnOverlayClick: false },
  render: (args) => (
    <Modal>
      <ModalTrigger asChild>
        <Button>Upgrade</Button>
      </ModalTrigger>
      <ModalContent {...args}>
        <ModalHeader>
          <ModalTitle className="text-2xl">Pricing</ModalTitle>
          <ModalDescription>Sign up to take your business to the next level</ModalDescription>
        </ModalHeader>
        <ModalBody className="grid gap-4 md:grid-cols-3">
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
            description="For marketers who track a market."
            price={89}
            featureInfo="Everything in Starter, plus:"
            features={["5 competitors", "Full export", "Up to 3 team members"]}
            action={<Button>Upgrade</Button>}
          />
          <PricingCard
            title="Enterprise"
            description="For agencies and large teams."
            price={249}
            featureInfo="Everything in Professional, plus:"
            features={["Unlimited brands", "10 competitors per brand", "Unlimited team members"]}
            action={<Button emphasis="secondary">Talk to sales</Button>}
          />
        </ModalBody>
      </ModalContent>
    </Modal>
  ),
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement, "Upgrade", "Pricing");
    await expect(within(dialog).getAllByRole("article")).toHaveLength(3);
    await userEvent.click(overlay());
    await expect(dialog).toBeVisible();
  },
};

/** Open from the start, for visual review in dark mode. */
export const OpenDark: Story = {
  globals: { colourMode: "dark" },
  play: async ({ canvasElement }) => {
    await open(canvasElement);
  },
};

export const WidePricingDark: Story = {
  ...WidePricing,
  globals: { colourMode: "dark" },
};
