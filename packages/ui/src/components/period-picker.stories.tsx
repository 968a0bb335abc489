import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { PeriodPicker } from "./period-picker";

const meta = {
  title: "Inputs/Period picker",
  component: PeriodPicker,
  args: { onValueChange: fn(), defaultValue: { period: "30d" } },
} satisfies Meta<typeof PeriodPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 30 days is the default window; the choice is a radio group named 'Period'. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("group", { name: "Period" })).toBeVisible();
    await expect(canvas.getByRole("radio", { name: "30 days" })).toBeChecked();
    await expect(canvas.queryByLabelText("From")).toBeNull();
  },
};

export const ChoosesAPreset: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("radio", { name: "90 days" }));
    await expect(args.onValueChange).toHaveBeenCalledWith({ period: "90d" });
    await expect(canvas.getByRole("radio", { name: "90 days" })).toBeChecked();
  },
};

/** Arrow keys move between the windows, as in any radio group. */
export const KeyboardMoves: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    canvas.getByRole("radio", { name: "30 days" }).focus();
    await userEvent.keyboard("{ArrowRight}");
    await expect(args.onValueChange).toHaveBeenCalledWith({ period: "90d" });
  },
};

/** A custom range applies only once both dates make a range. */
export const CustomRange: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("radio", { name: "Custom" }));
    await expect(args.onValueChange).not.toHaveBeenCalled();
    await userEvent.type(canvas.getByLabelText("From"), "2026-03-10");
    await userEvent.type(canvas.getByLabelText("To"), "2026-03-01");
    await userEvent.click(canvas.getByRole("button", { name: "Apply" }));
    await expect(canvas.getByRole("alert")).toHaveTextContent(
      "The start date must be on or before the end date.",
    );
    await expect(args.onValueChange).not.toHaveBeenCalled();
    await userEvent.clear(canvas.getByLabelText("To"));
    await userEvent.type(canvas.getByLabelText("To"), "2026-03-31");
    await userEvent.click(canvas.getByRole("button", { name: "Apply" }));
    await expect(args.onValueChange).toHaveBeenCalledWith({
      period: "custom",
      from: "2026-03-10",
      to: "2026-03-31",
    });
    await expect(canvas.queryByRole("alert")).toBeNull();
  },
};

export const CustomRangeSelected: Story = {
  args: { defaultValue: { period: "custom", from: "2026-01-01", to: "2026-01-31" } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("radio", { name: "Custom" })).toBeChecked();
    await expect(canvas.getByLabelText("From")).toHaveValue("2026-01-01");
    await expect(canvas.getByLabelText("To")).toHaveValue("2026-01-31");
  },
};

export const Dark: Story = { globals: { colourMode: "dark" } };
