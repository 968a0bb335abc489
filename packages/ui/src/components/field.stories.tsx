import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Field, FieldError, FieldHint, FieldLabel, firstErrorMessage, visibleFieldError } from "./field";
import { Input } from "./text-field";

/**
 * The parts every control is built from. Field owns the rule of docs/product.md §5: FieldError shows the error only
 * once the field is touched and invalid, and the control inside is described by it and marked `aria-invalid`.
 */
const meta = {
  title: "Forms/Field",
  component: Field,
  args: { error: "Fill in a valid email address", touched: false },
  render: (args) => (
    <Field {...args} className="max-w-sm">
      <FieldLabel>Work email</FieldLabel>
      <Input type="email" defaultValue="anna@" />
      <FieldHint>We send the confirmation code here.</FieldHint>
      <FieldError />
    </Field>
  ),
} satisfies Meta<typeof Field>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An error exists but the user has not left the field yet: nothing shows, nothing is marked invalid. */
export const UntouchedHidesError: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole("textbox", { name: "Work email" });
    await expect(canvas.queryByRole("alert")).not.toBeInTheDocument();
    await expect(input).not.toHaveAttribute("aria-invalid");
    await expect(input).toHaveAccessibleDescription("We send the confirmation code here.");
  },
};

/** Touched and invalid: the message shows below, the input is invalid and described by hint and error. */
export const TouchedShowsError: Story = {
  args: { touched: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole("textbox", { name: "Work email" });
    await expect(canvas.getByRole("alert")).toHaveTextContent("Fill in a valid email address");
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveAccessibleDescription(
      "We send the confirmation code here. Fill in a valid email address",
    );
  },
};

/** Touched but valid: no message. */
export const TouchedAndValid: Story = {
  args: { touched: true, error: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("alert")).not.toBeInTheDocument();
  },
};

/** Errors as a form library hands them over (TanStack Form with zod: issue objects); the first one shows. */
export const ErrorListFromFormLibrary: Story = {
  args: {
    touched: true,
    error: [undefined, { message: "This is a required field" }, "Fill in a valid email address"],
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("This is a required field");
    await expect(firstErrorMessage([null, "", { message: "" }])).toBeUndefined();
    await expect(visibleFieldError({ error: "x", touched: false })).toBeUndefined();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("textbox", { name: "Work email" })).toBeDisabled();
  },
};

export const TouchedShowsErrorDark: Story = { ...TouchedShowsError, globals: { colourMode: "dark" } };
