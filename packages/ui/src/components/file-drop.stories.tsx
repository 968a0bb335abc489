import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { FileDrop, Progress } from "./file-drop";

const onFiles = fn().mockName("onFiles");

const meta = {
  title: "Forms/File drop",
  component: FileDrop,
  args: {
    title: "Drop your exports here",
    description: "CSV exports of Facebook, Instagram, TikTok, LinkedIn, X, YouTube and Google.",
    accept: ".csv,text/csv",
    onFiles,
  },
  beforeEach: () => {
    onFiles.mockClear();
  },
} satisfies Meta<typeof FileDrop>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const ChoosesWithTheKeyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole("button", { name: "Choose files" });
    button.focus();
    await expect(button).toHaveFocus();
    const input = canvasElement.querySelector<HTMLInputElement>("input[type=file]");
    if (!input) throw new Error("no file input");
    const file = new File(["Date,Likes\n2026-11-01,3\n"], "posts.csv", { type: "text/csv" });
    await userEvent.upload(input, file);
    await expect(onFiles).toHaveBeenCalledWith([file]);
  },
};

export const TakesDroppedFiles: Story = {
  play: async ({ canvasElement }) => {
    const zone = canvasElement.querySelector<HTMLElement>("[data-slot=file-drop]");
    if (!zone) throw new Error("no drop zone");
    const data = new DataTransfer();
    data.items.add(new File(["a"], "one.csv", { type: "text/csv" }));
    data.items.add(new File(["b"], "two.csv", { type: "text/csv" }));
    zone.dispatchEvent(new DragEvent("dragover", { dataTransfer: data, bubbles: true, cancelable: true }));
    await waitFor(() => expect(zone).toHaveAttribute("data-over"));
    zone.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
    await waitFor(() => expect(onFiles).toHaveBeenCalledOnce());
    await expect(zone).not.toHaveAttribute("data-over");
    await expect(onFiles.mock.calls[0]?.[0].map((f: File) => f.name)).toEqual(["one.csv", "two.csv"]);
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Choose files" })).toBeDisabled();
  },
};

export const WithProgress: Story = {
  render: (args) => (
    <div className="flex flex-col gap-4">
      <FileDrop {...args} />
      <Progress label="Uploading posts.csv" value={40} />
      <Progress label="Processing posts.csv" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("progressbar", { name: "Uploading posts.csv" })).toHaveAttribute(
      "aria-valuenow",
      "40",
    );
    await expect(canvas.getByRole("progressbar", { name: "Processing posts.csv" })).not.toHaveAttribute(
      "aria-valuenow",
    );
  },
};

export const Dark: Story = { ...TakesDroppedFiles, globals: { colourMode: "dark" } };
