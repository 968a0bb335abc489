import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { AvatarUpload, UserAvatar } from "./avatar";

// A tiny inline picture, so the story needs no network.
const picture =
  "data:image/svg+xml;utf8," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#c7d2fe"/><circle cx="32" cy="25" r="12" fill="#4338ca"/><rect x="12" y="42" width="40" height="22" rx="11" fill="#4338ca"/></svg>',
  );

const meta = {
  title: "Data display/Avatar",
  component: UserAvatar,
  args: { name: "Ada Lovelace" },
  argTypes: { size: { control: "inline-radio", options: ["sm", "md", "lg", "xl"] } },
} satisfies Meta<typeof UserAvatar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithPicture: Story = {
  args: { src: picture },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("img", { name: "Ada Lovelace" })).toBeVisible();
  },
};

/** No picture: the initials, with the full name for screen readers. */
export const Initials: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("AL")).toBeVisible();
    await expect(canvas.getByText("Ada Lovelace")).toHaveClass("sr-only");
  },
};

/** A picture that fails to load falls back to the initials. */
export const BrokenPicture: Story = {
  args: { name: "Grace Hopper", src: "/no-such-picture.png" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("GH")).toBeVisible();
  },
};

export const SingleName: Story = { args: { name: "Cher" } };

export const Sizes: Story = {
  render: (args) => (
    <div className="flex items-end gap-4">
      <UserAvatar {...args} size="sm" />
      <UserAvatar {...args} size="md" />
      <UserAvatar {...args} size="lg" />
      <UserAvatar {...args} size="xl" />
      <UserAvatar {...args} size="xl" src={picture} />
    </div>
  ),
};

export const SizesDark: Story = { ...Sizes, globals: { colourMode: "dark" } };

/** The profile picture with its upload trigger: opens a file picker for PNG, JPEG or WebP. */
export const UploadTrigger: Story = {
  args: { size: "xl" },
  render: (args) => (
    <div className="relative w-fit">
      <UserAvatar {...args} />
      <AvatarUpload onFileSelected={fn()} className="absolute -right-1 -bottom-1" />
    </div>
  ),
};

function chooseFile(input: HTMLInputElement, file: File) {
  // What the browser does once the user picks a file in the dialog.
  const transfer = new DataTransfer();
  transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event("change", { bubbles: true }));
}

/** The trigger opens the picker; a PNG reaches onFileSelected, a text file is turned away. */
export const UploadSelectsImage: StoryObj<typeof AvatarUpload> = {
  args: { onFileSelected: fn(), onInvalidFile: fn() },
  render: ({ onFileSelected, onInvalidFile }) => (
    <div className="flex items-center gap-4">
      <UserAvatar name="Ada Lovelace" size="lg" />
      <AvatarUpload onFileSelected={onFileSelected} onInvalidFile={onInvalidFile}>
        Upload picture
      </AvatarUpload>
    </div>
  ),
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole("button", { name: "Upload picture" });
    const input = canvasElement.querySelector<HTMLInputElement>("input[type=file]");
    if (!input) throw new Error("no file input");
    await expect(input).toHaveAttribute("accept", "image/png,image/jpeg,image/webp");

    let pickerOpened = false;
    const onClick = (event: Event) => {
      pickerOpened = true;
      event.preventDefault(); // no real file dialog in a test
    };
    input.addEventListener("click", onClick);
    await userEvent.click(button);
    input.removeEventListener("click", onClick);
    await expect(pickerOpened).toBe(true);

    const png = new File(["png"], "me.png", { type: "image/png" });
    chooseFile(input, png);
    await expect(args.onFileSelected).toHaveBeenCalledWith(png);

    const text = new File(["hello"], "notes.txt", { type: "text/plain" });
    chooseFile(input, text);
    await expect(args.onInvalidFile).toHaveBeenCalledWith(text);
    await expect(args.onFileSelected).toHaveBeenCalledTimes(1);
  },
};
