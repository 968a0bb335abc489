import type { Meta, StoryObj } from "@storybook/react-vite";
import * as React from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { TextField, type TextFieldProps } from "./text-field";

const meta = {
  title: "Forms/Text field",
  component: TextField,
  args: { label: "Email", type: "email", placeholder: "you@company.com", onChange: fn(), onBlur: fn() },
  decorators: [(Story) => <div className="max-w-sm">{Story()}</div>],
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A field bound the way the app binds TanStack Form: errors on every change, touched on blur. */
function EmailField(props: Partial<TextFieldProps>) {
  const [value, setValue] = React.useState("");
  const [touched, setTouched] = React.useState(false);
  const error = !value
    ? "This is a required field"
    : EMAIL.test(value)
      ? undefined
      : "Fill in a valid email address";
  return (
    <TextField
      label="Email"
      type="email"
      autoComplete="email"
      {...props}
      value={value}
      onChange={(event) => setValue(event.target.value)}
      onBlur={() => setTouched(true)}
      error={error}
      touched={touched}
    />
  );
}

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole("textbox", { name: "Email" });
    await userEvent.type(input, "anna@brandscope.io");
    await expect(input).toHaveValue("anna@brandscope.io");
    await expect(args.onChange).toHaveBeenCalled();
  },
};

export const WithHint: Story = {
  args: { hint: "Use the address you sign in with." },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole("textbox", { name: "Email" });
    await expect(input).toHaveAccessibleDescription("Use the address you sign in with.");
  },
};

/**
 * docs/product.md §5: typing something invalid shows nothing until the field is left; then the exact message
 * shows.
 */
export const ErrorOnlyOnceTouched: Story = {
  render: () => <EmailField hint="Use the address you sign in with." />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole("textbox", { name: "Email" });
    await userEvent.type(input, "anna@brandscope");
    await expect(canvas.queryByRole("alert")).not.toBeInTheDocument();
    await expect(input).not.toHaveAttribute("aria-invalid");

    await userEvent.tab();
    await expect(canvas.getByRole("alert")).toHaveTextContent("Fill in a valid email address");
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveAccessibleDescription(
      "Use the address you sign in with. Fill in a valid email address",
    );

    // Once touched, validation on change clears the message as soon as the value is valid.
    await userEvent.type(input, ".io");
    await expect(canvas.queryByRole("alert")).not.toBeInTheDocument();
    await expect(input).not.toHaveAttribute("aria-invalid");
  },
};

export const RequiredAfterBlur: Story = {
  render: () => <EmailField />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("textbox", { name: "Email" }));
    await expect(canvas.queryByRole("alert")).not.toBeInTheDocument();
    await userEvent.tab();
    await expect(canvas.getByRole("alert")).toHaveTextContent("This is a required field");
  },
};

export const Invalid: Story = {
  args: { defaultValue: "anna@", error: "Fill in a valid email address", touched: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("Fill in a valid email address");
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: "anna@brandscope.io" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("textbox", { name: "Email" })).toBeDisabled();
  },
};

/** The caller's ref reaches the input. */
export const ForwardsRef: Story = {
  render: function Render(args) {
    const ref = React.useRef<HTMLInputElement>(null);
    return (
      <div className="flex flex-col gap-3">
        <TextField {...args} ref={ref} />
        <button type="button" className="underline" onClick={() => ref.current?.focus()}>
          Focus the email field
        </button>
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Focus the email field" }));
    await expect(canvas.getByRole("textbox", { name: "Email" })).toHaveFocus();
  },
};

/** Every state side by side, for visual review. */
export const AllStates: Story = {
  render: () => (
    <div className="grid gap-6">
      <TextField label="Company name" placeholder="Acme Inc." />
      <TextField label="Company name" defaultValue="Acme Inc." hint="As it appears on invoices." />
      <TextField label="Email" defaultValue="anna@" error="Fill in a valid email address" touched />
      <TextField label="Company name" defaultValue="Acme Inc." disabled />
      <div className="grid gap-3">
        <TextField label="Small" size="sm" placeholder="sm" />
        <TextField label="Medium" size="md" placeholder="md" />
        <TextField label="Large" size="lg" placeholder="lg" />
      </div>
    </div>
  ),
};

export const AllStatesDark: Story = { ...AllStates, globals: { colourMode: "dark" } };
