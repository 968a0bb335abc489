import type { Meta, StoryObj } from "@storybook/react-vite";
import * as React from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { Checkbox } from "./checkbox";

const meta = {
  title: "Forms/Checkbox",
  component: Checkbox,
  args: { label: "Email me a weekly summary", onCheckedChange: fn() },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole("checkbox", { name: "Email me a weekly summary" });
    await expect(box).not.toBeChecked();
    // The label is part of the hit area.
    await userEvent.click(canvas.getByText("Email me a weekly summary"));
    await expect(box).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true);
    await userEvent.keyboard(" ");
    await expect(box).not.toBeChecked();
  },
};

export const Checked: Story = {
  args: { defaultChecked: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("checkbox")).toBeChecked();
  },
};

export const Indeterminate: Story = {
  args: { label: "All networks", checked: "indeterminate" },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole("checkbox", { name: "All networks" }),
    ).toBePartiallyChecked();
  },
};

export const WithHint: Story = {
  args: { hint: "Every Monday, with last week's top content." },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("checkbox")).toHaveAccessibleDescription(
      "Every Monday, with last week's top content.",
    );
  },
};

function Terms() {
  const [checked, setChecked] = React.useState(false);
  const [touched, setTouched] = React.useState(false);
  return (
    <Checkbox
      label="I accept the terms of service"
      checked={checked}
      onCheckedChange={(value) => setChecked(value === true)}
      onBlur={() => setTouched(true)}
      error={checked ? undefined : "This is a required field"}
      touched={touched}
    />
  );
}

/** A required checkbox: the message appears once the box is left unchecked, and goes when it is checked. */
export const RequiredErrorOnceTouched: Story = {
  render: () => <Terms />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole("checkbox", { name: "I accept the terms of service" });
    await userEvent.tab();
    await expect(box).toHaveFocus();
    await expect(canvas.queryByRole("alert")).not.toBeInTheDocument();
    await userEvent.tab();
    await expect(canvas.getByRole("alert")).toHaveTextContent("This is a required field");
    await expect(box).toHaveAttribute("aria-invalid", "true");
    await userEvent.click(box);
    await expect(canvas.queryByRole("alert")).not.toBeInTheDocument();
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultChecked: true },
  play: async ({ canvasElement, args }) => {
    const box = within(canvasElement).getByRole("checkbox");
    await expect(box).toBeDisabled();
    await userEvent.click(box, { pointerEventsCheck: 0 });
    await expect(box).toBeChecked();
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
  },
};

/** No visible label (e.g. a table row): the type requires an aria-label instead. */
export const LabelledByAriaLabel: Story = {
  args: { label: undefined, "aria-label": "Select Nike" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("checkbox", { name: "Select Nike" })).toBeVisible();
  },
};

export const AllStates: Story = {
  render: () => (
    <div className="grid max-w-sm gap-4">
      <Checkbox label="Unchecked" />
      <Checkbox label="Checked" defaultChecked />
      <Checkbox label="Indeterminate" checked="indeterminate" />
      <Checkbox label="With a hint" hint="Help text under the label." />
      <Checkbox label="Invalid" error="This is a required field" touched />
      <Checkbox label="Disabled" disabled />
      <Checkbox label="Disabled and checked" disabled defaultChecked />
      <Checkbox label="Medium size" size="md" defaultChecked />
    </div>
  ),
};

export const AllStatesDark: Story = { ...AllStates, globals: { colourMode: "dark" } };
