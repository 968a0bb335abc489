import type { Meta, StoryObj } from "@storybook/react-vite";
import * as React from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { type CardFieldName, CardFields, type CardFieldValues } from "./card-fields";

const empty: CardFieldValues = { number: "", expiry: "", cvc: "" };

const meta = {
  title: "Forms/Card fields",
  component: CardFields,
  decorators: [(Story) => <div className="max-w-md">{Story()}</div>],
  args: { value: empty, onValueChange: fn(), onFieldBlur: fn() },
  // Stateful, as a form would hold it.
  render: function Render(args) {
    const [value, setValue] = React.useState(args.value);
    const [touched, setTouched] = React.useState<Partial<Record<CardFieldName, boolean>>>({});
    return (
      <CardFields
        {...args}
        value={value}
        touched={{ ...touched, ...args.touched }}
        onValueChange={(next) => {
          setValue(next);
          args.onValueChange(next);
        }}
        onFieldBlur={(name) => {
          setTouched((current) => ({ ...current, [name]: true }));
          args.onFieldBlur?.(name);
        }}
      />
    );
  },
} satisfies Meta<typeof CardFields>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Typing formats as it goes: groups of 4, MM/YY, digits only in the CVC. */
export const Formatting: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("group", { name: "Card details" })).toBeVisible();
    const number = canvas.getByRole("textbox", { name: "Card number" });
    await userEvent.type(number, "4242424242424242");
    await expect(number).toHaveValue("4242 4242 4242 4242");
    const expiry = canvas.getByRole("textbox", { name: "Expiry (MM/YY)" });
    await userEvent.type(expiry, "1230");
    await expect(expiry).toHaveValue("12/30");
    await userEvent.type(expiry, "{Backspace}{Backspace}{Backspace}");
    await expect(expiry).toHaveValue("1");
    const cvc = canvas.getByRole("textbox", { name: "CVC" });
    await userEvent.type(cvc, "12a345");
    await expect(cvc).toHaveValue("1234");
    await expect(args.onValueChange).toHaveBeenLastCalledWith({
      number: "4242 4242 4242 4242",
      expiry: "1",
      cvc: "1234",
    });
  },
};

/** An error shows under its field once the field is touched, not before. */
export const ErrorsOnceTouched: Story = {
  args: {
    value: { number: "4242 4242 4242 4241", expiry: "01/20", cvc: "1" },
    errors: {
      number: "Your card number is invalid.",
      expiry: "Your card's expiration year is in the past.",
      cvc: "Your card's security code is incomplete.",
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByText("Your card number is invalid.")).toBeNull();
    await userEvent.click(canvas.getByRole("textbox", { name: "Card number" }));
    await userEvent.tab();
    await expect(args.onFieldBlur).toHaveBeenCalledWith("number");
    await expect(canvas.getByRole("textbox", { name: "Card number" })).toHaveAccessibleDescription(
      "Your card number is invalid.",
    );
    await expect(canvas.getByRole("textbox", { name: "Card number" })).toBeInvalid();
    await expect(canvas.queryByText("Your card's security code is incomplete.")).toBeNull();
  },
};

export const AllErrorsShown: Story = {
  args: {
    value: { number: "4242", expiry: "13", cvc: "" },
    errors: {
      number: "Your card number is invalid.",
      expiry: "Your card's expiration date is incomplete.",
      cvc: "This is a required field",
    },
    touched: { number: true, expiry: true, cvc: true },
  },
};

export const Disabled: Story = {
  args: { disabled: true, value: { number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("textbox", { name: "Card number" })).toBeDisabled();
  },
};

export const AllErrorsShownDark: Story = { ...AllErrorsShown, globals: { colourMode: "dark" } };
