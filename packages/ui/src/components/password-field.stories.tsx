import type { Meta, StoryObj } from "@storybook/react-vite";
import * as React from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { PasswordField } from "./password-field";

const meta = {
  title: "Forms/Password field",
  component: PasswordField,
  args: { label: "Password", onChange: fn() },
  decorators: [(Story) => <div className="max-w-sm">{Story()}</div>],
} satisfies Meta<typeof PasswordField>;

export default meta;
type Story = StoryObj<typeof meta>;

const passwordInput = (canvasElement: HTMLElement) =>
  within(canvasElement).getByLabelText("Password", { selector: "input" });

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const input = passwordInput(canvasElement);
    await expect(input).toHaveAttribute("type", "password");
    await expect(input).toHaveAttribute("autocomplete", "current-password");
  },
};

/** The toggle has a name that says what it will do, and flips the input between hidden and visible. */
export const ShowAndHide: Story = {
  args: { defaultValue: "Correct-horse-9" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = passwordInput(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Show password" }));
    await expect(input).toHaveAttribute("type", "text");
    await expect(canvas.getByRole("textbox", { name: "Password" })).toHaveValue("Correct-horse-9");

    const hide = canvas.getByRole("button", { name: "Hide password" });
    await expect(hide).toHaveAttribute("aria-controls", input.id);
    await userEvent.keyboard("{Enter}");
    await expect(input).toHaveAttribute("type", "password");
    await expect(canvas.getByRole("button", { name: "Show password" })).toHaveFocus();
  },
};

/** Sign-up and reset forms ask the browser to suggest a new password. */
export const NewPassword: Story = {
  args: { label: "Password", autoComplete: "new-password", hint: "8 or more characters." },
  play: async ({ canvasElement }) => {
    await expect(passwordInput(canvasElement)).toHaveAttribute("autocomplete", "new-password");
  },
};

/** Submitting the form hides the password again, so it is never stored from a plain text field. */
export const HiddenAgainOnSubmit: Story = {
  render: (args) => (
    <form onSubmit={(event) => event.preventDefault()} className="flex flex-col gap-3">
      <PasswordField {...args} defaultValue="Correct-horse-9" />
      <button type="submit" className="underline">
        Sign in
      </button>
    </form>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Show password" }));
    await expect(passwordInput(canvasElement)).toHaveAttribute("type", "text");
    await userEvent.click(canvas.getByRole("button", { name: "Sign in" }));
    await expect(passwordInput(canvasElement)).toHaveAttribute("type", "password");
  },
};

const RULE =
  "Password must contain 8 or more characters with at least one of each: uppercase, lowercase, number and special";

function SignUpPassword() {
  const [value, setValue] = React.useState("");
  const [touched, setTouched] = React.useState(false);
  const strong =
    value.length >= 8 && /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value) && /\W/.test(value);
  return (
    <PasswordField
      label="Password"
      autoComplete="new-password"
      value={value}
      onChange={(event) => setValue(event.target.value)}
      onBlur={() => setTouched(true)}
      error={!value ? "This is a required field" : strong ? undefined : RULE}
      touched={touched}
    />
  );
}

/** docs/product.md §5 with the exact message: nothing while typing, the rule once the field is left. */
export const ErrorOnlyOnceTouched: Story = {
  render: () => <SignUpPassword />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(passwordInput(canvasElement), "short");
    await expect(canvas.queryByRole("alert")).not.toBeInTheDocument();
    // Tab goes to the toggle first, then out of the field: the input is left either way.
    await userEvent.tab();
    await expect(canvas.getByRole("alert")).toHaveTextContent(RULE);
    await expect(passwordInput(canvasElement)).toHaveAttribute("aria-invalid", "true");
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: "Correct-horse-9" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(passwordInput(canvasElement)).toBeDisabled();
    await expect(canvas.getByRole("button", { name: "Show password" })).toBeDisabled();
  },
};

export const AllStates: Story = {
  render: () => (
    <div className="grid gap-6">
      <PasswordField label="Password" />
      <PasswordField label="Password" defaultValue="Correct-horse-9" hint="8 or more characters." />
      <PasswordField
        label="Confirm password"
        defaultValue="Correct-horse"
        error="Passwords must match"
        touched
      />
      <PasswordField label="Password" defaultValue="Correct-horse-9" disabled />
    </div>
  ),
};

export const AllStatesDark: Story = { ...AllStates, globals: { colourMode: "dark" } };
