import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Logo, LogoMark } from "./logo";

const meta = {
  title: "Brand/Logo",
  component: Logo,
  argTypes: { size: { control: "inline-radio", options: ["sm", "md", "lg"] } },
} satisfies Meta<typeof Logo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Brandscope")).toBeVisible();
  },
};

export const Small: Story = { args: { size: "sm" } };
export const Large: Story = { args: { size: "lg" } };

/** The loading screen's logo; still for people who ask for reduced motion. */
export const Pulsing: Story = { args: { size: "lg", pulse: true } };

/** The mark alone (e.g. the collapsed navigation); decorative, so the element around it carries the name. */
export const MarkOnly: Story = {
  render: () => (
    <a href="#home" aria-label="Brandscope home" className="inline-block">
      <LogoMark className="size-10" />
    </a>
  ),
};

export const AllSizes: Story = {
  render: () => (
    <div className="flex flex-col items-start gap-6">
      <Logo size="sm" />
      <Logo size="md" />
      <Logo size="lg" />
    </div>
  ),
};

export const AllSizesDark: Story = { ...AllSizes, globals: { colourMode: "dark" } };
