import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { AuthLayout } from "./auth-layout";
import { Button } from "./button";

const meta = {
  title: "Layout/Auth layout",
  component: AuthLayout,
  parameters: { layout: "fullscreen" },
  args: {
    testimonial: {
      quote: "Brandscope showed us in one afternoon which content our competitors' audiences actually share.",
      name: "Priya Raman",
      role: "Head of Marketing, Northwind Outdoor",
    },
    links: (
      <>
        <a href="#privacy">Privacy policy</a>
        <a href="#faq">FAQ</a>
      </>
    ),
    children: (
      <div className="flex flex-col gap-6">
        <div className="flex flex-col gap-2">
          <h1 className="text-2xl font-semibold tracking-tight">Sign in</h1>
          <p className="text-muted-foreground text-sm">
            Welcome back. See what your brand's audience is up to.
          </p>
        </div>
        <div className="bg-muted text-muted-foreground rounded-md border border-dashed p-6 text-center text-sm">
          The sign-in form goes here.
        </div>
        <Button className="w-full">Sign in</Button>
      </div>
    ),
  },
} satisfies Meta<typeof AuthLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two columns from 62em (992 px): widen the canvas (or pick the Desktop viewport) to see the testimonial. */
export const Default: Story = {
  globals: { viewport: { value: "desktop", isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await expect(canvas.getByRole("link", { name: "Privacy policy" })).toHaveAttribute("href", "#privacy");
    await expect(canvas.getByRole("link", { name: "FAQ" })).toHaveAttribute("href", "#faq");
  },
};

export const WithoutLinks: Story = { args: { links: undefined } };

export const Dark: Story = { globals: { colourMode: "dark" } };
