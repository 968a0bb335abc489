import type { Meta, StoryObj } from "@storybook/react-vite";
import * as React from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { PinInput } from "./pin-input";

const meta = {
  title: "Forms/Pin input",
  component: PinInput,
  args: { label: "Confirmation code", onValueChange: fn(), onComplete: fn() },
} satisfies Meta<typeof PinInput>;

export default meta;
type Story = StoryObj<typeof meta>;

const boxesOf = (canvasElement: HTMLElement) => {
  const group = within(canvasElement).getByRole("group", { name: "Confirmation code" });
  return within(group).getAllByRole("textbox");
};
const values = (boxes: HTMLElement[]) => boxes.map((box) => (box as HTMLInputElement).value);

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const boxes = boxesOf(canvasElement);
    await expect(boxes).toHaveLength(6);
    await expect(boxes[0]).toHaveAccessibleName("Digit 1 of 6");
    await expect(boxes[0]).toHaveAttribute("autocomplete", "one-time-code");
    await expect(boxes[0]).toHaveAttribute("inputmode", "numeric");
  },
};

/** Pasting a whole code into any box fills all six and completes. */
export const PasteFillsEveryBox: Story = {
  play: async ({ canvasElement, args }) => {
    const boxes = boxesOf(canvasElement);
    await userEvent.click(boxes[0] as HTMLElement);
    await userEvent.paste("482913");
    await expect(values(boxes)).toEqual(["4", "8", "2", "9", "1", "3"]);
    await expect(args.onComplete).toHaveBeenCalledOnce();
    await expect(args.onComplete).toHaveBeenCalledWith("482913");
    await expect(boxes[5]).toHaveFocus();
  },
};

/** A pasted code with spaces or a dash still fills the boxes: non-digits are dropped. */
export const PasteIgnoresSeparators: Story = {
  play: async ({ canvasElement, args }) => {
    const boxes = boxesOf(canvasElement);
    await userEvent.click(boxes[0] as HTMLElement);
    await userEvent.paste("482-913");
    await expect(values(boxes)).toEqual(["4", "8", "2", "9", "1", "3"]);
    await expect(args.onComplete).toHaveBeenCalledWith("482913");
  },
};

/** Letters are refused; each digit moves focus to the next box. */
export const DigitsOnlyAndFocusMoves: Story = {
  play: async ({ canvasElement, args }) => {
    const boxes = boxesOf(canvasElement);
    await userEvent.click(boxes[0] as HTMLElement);
    await userEvent.keyboard("4a8-");
    await expect(values(boxes)).toEqual(["4", "8", "", "", "", ""]);
    await expect(boxes[2]).toHaveFocus();
    await expect(args.onValueChange).toHaveBeenLastCalledWith("48");
    await userEvent.keyboard("2913");
    await expect(args.onComplete).toHaveBeenCalledOnce();
    await expect(args.onComplete).toHaveBeenCalledWith("482913");
  },
};

/** Backspace clears the box before the caret and goes back; arrows move between filled boxes. */
export const BackspaceGoesBack: Story = {
  args: { defaultValue: "482" },
  play: async ({ canvasElement }) => {
    const boxes = boxesOf(canvasElement);
    // A click past the first empty box lands on the first empty box: the code has no gaps.
    await userEvent.click(boxes[5] as HTMLElement);
    await expect(boxes[3]).toHaveFocus();
    await userEvent.keyboard("{Backspace}");
    await expect(values(boxes)).toEqual(["4", "8", "", "", "", ""]);
    await expect(boxes[2]).toHaveFocus();
    await userEvent.keyboard("{Backspace}");
    await expect(values(boxes)).toEqual(["4", "", "", "", "", ""]);
    await expect(boxes[1]).toHaveFocus();
    await userEvent.keyboard("{ArrowLeft}");
    await expect(boxes[0]).toHaveFocus();
    await userEvent.keyboard("7");
    await expect(values(boxes)).toEqual(["7", "", "", "", "", ""]);
  },
};

/** Only one box is in the Tab order: Tab enters the code at the next empty box and leaves it on the next Tab. */
export const OneTabStop: Story = {
  args: { defaultValue: "48" },
  render: (args) => (
    <div className="flex flex-col items-start gap-3">
      <button type="button">Before</button>
      <PinInput {...args} />
      <button type="button">After</button>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const boxes = boxesOf(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Before" }));
    await userEvent.tab();
    await expect(boxes[2]).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole("button", { name: "After" })).toHaveFocus();
  },
};

function ConfirmationCode() {
  const [value, setValue] = React.useState("");
  const [touched, setTouched] = React.useState(false);
  const error = !value ? "Pin is required" : value.length !== 6 ? "Pin must be exactly 6 digits" : undefined;
  return (
    <div className="flex flex-col items-start gap-3">
      <PinInput
        label="Confirmation code"
        hint="We sent it to anna@brandscope.io."
        value={value}
        onValueChange={setValue}
        onBlur={() => setTouched(true)}
        error={error}
        touched={touched}
      />
      <button type="button">Resend code</button>
    </div>
  );
}

/** docs/product.md §5: the message shows when focus leaves the whole group, not when moving between boxes. */
export const ErrorOnlyOnceTouched: Story = {
  render: () => <ConfirmationCode />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const boxes = boxesOf(canvasElement);
    await userEvent.click(boxes[0] as HTMLElement);
    await userEvent.keyboard("482");
    await expect(canvas.queryByRole("alert")).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole("button", { name: "Resend code" }));
    await expect(canvas.getByRole("alert")).toHaveTextContent("Pin must be exactly 6 digits");
    const group = canvas.getByRole("group", { name: "Confirmation code" });
    await expect(group).toHaveAccessibleDescription(
      "We sent it to anna@brandscope.io. Pin must be exactly 6 digits",
    );
    for (const box of boxes) await expect(box).toHaveAttribute("aria-invalid", "true");
    await userEvent.click(boxes[3] as HTMLElement);
    await userEvent.keyboard("913");
    await waitFor(() => expect(canvas.queryByRole("alert")).not.toBeInTheDocument());
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: "482913" },
  play: async ({ canvasElement }) => {
    for (const box of boxesOf(canvasElement)) await expect(box).toBeDisabled();
  },
};

export const FourDigits: Story = {
  args: { label: "Confirmation code", length: 4 },
  play: async ({ canvasElement }) => {
    const boxes = boxesOf(canvasElement);
    await expect(boxes).toHaveLength(4);
    await expect(boxes[3]).toHaveAccessibleName("Digit 4 of 4");
  },
};

export const AllStates: Story = {
  render: () => (
    <div className="grid gap-6">
      <PinInput label="Confirmation code" />
      <PinInput label="Confirmation code" defaultValue="482" hint="We sent it to anna@brandscope.io." />
      <PinInput label="Confirmation code" defaultValue="482" error="Pin must be exactly 6 digits" touched />
      <PinInput label="Confirmation code" defaultValue="482913" disabled />
      <PinInput label="Confirmation code (large)" size="lg" defaultValue="48" />
    </div>
  ),
};

export const AllStatesDark: Story = { ...AllStates, globals: { colourMode: "dark" } };
