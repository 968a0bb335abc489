import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs";

const meta = {
  title: "Navigation/Tabs",
  component: Tabs,
  args: { defaultValue: "overview", onValueChange: fn() },
  render: (args) => (
    <Tabs {...args} className="max-w-md">
      <TabsList aria-label="Persona sections">
        <TabsTrigger value="overview">Overview</TabsTrigger>
        <TabsTrigger value="interests">Interests</TabsTrigger>
        <TabsTrigger value="channels">Channels</TabsTrigger>
        <TabsTrigger value="archive" disabled>
          Archive
        </TabsTrigger>
      </TabsList>
      <TabsContent value="overview">Who the persona is: age, location, role.</TabsContent>
      <TabsContent value="interests">Topics this persona engages with.</TabsContent>
      <TabsContent value="channels">Where this persona spends time.</TabsContent>
      <TabsContent value="archive">Archived notes.</TabsContent>
    </Tabs>
  ),
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Segmented: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");
    await userEvent.click(canvas.getByRole("tab", { name: "Interests" }));
    await expect(canvas.getByRole("tab", { name: "Interests" })).toHaveAttribute("aria-selected", "true");
    await expect(canvas.getByRole("tabpanel", { name: "Interests" })).toHaveTextContent(
      "Topics this persona",
    );
    await expect(args.onValueChange).toHaveBeenLastCalledWith("interests");
  },
};

export const Underline: Story = { args: { appearance: "underline" } };

/** Arrow keys move between tabs and skip the disabled one; Tab moves into the panel. */
export const KeyboardNavigation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole("tab", { name: "Overview" })).toHaveFocus();
    await userEvent.keyboard("{ArrowRight}");
    await expect(canvas.getByRole("tab", { name: "Interests" })).toHaveFocus();
    await expect(canvas.getByRole("tab", { name: "Interests" })).toHaveAttribute("aria-selected", "true");
    await userEvent.keyboard("{ArrowRight}{ArrowRight}");
    await expect(canvas.getByRole("tab", { name: "Overview" })).toHaveFocus();
    await expect(canvas.getByRole("tab", { name: "Archive" })).toBeDisabled();
    await userEvent.tab();
    await expect(canvas.getByRole("tabpanel", { name: "Overview" })).toHaveFocus();
  },
};

export const AllVariants: Story = {
  render: (args) => (
    <div className="grid gap-8">
      {(["segmented", "underline"] as const).map((appearance) => (
        <Tabs key={appearance} {...args} appearance={appearance} className="max-w-md">
          <TabsList aria-label={`${appearance} tabs`}>
            <TabsTrigger value="overview">Overview</TabsTrigger>
            <TabsTrigger value="interests">Interests</TabsTrigger>
            <TabsTrigger value="archive" disabled>
              Archive
            </TabsTrigger>
          </TabsList>
          <TabsContent value="overview">The {appearance} appearance.</TabsContent>
          <TabsContent value="interests">Interests.</TabsContent>
        </Tabs>
      ))}
    </div>
  ),
};

export const AllVariantsDark: Story = { ...AllVariants, globals: { colourMode: "dark" } };
