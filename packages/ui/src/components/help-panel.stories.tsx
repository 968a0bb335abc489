import type { Meta, StoryObj } from "@storybook/react-vite";
import * as React from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { Button } from "./button";
import { HelpPanel, type HelpTopic } from "./help-panel";

const topics: HelpTopic[] = [
  {
    id: "content-breakdown",
    module: "content",
    title: "What does the content breakdown show?",
    body: "How many posts your brand published on each network in the period, and which pillars they cover.",
  },
  {
    id: "content-performance",
    module: "content",
    title: "How are top and under-performing posts chosen?",
    body: "By engagement per follower, so a small account's hit counts as much as a big one's.",
  },
  {
    id: "competitor-add",
    module: "competitor",
    title: "How many competitors can I follow?",
    body: "One on Starter, five on Professional and ten on Enterprise, per brand.",
  },
  {
    id: "audience-personas",
    module: "audience",
    title: "Where do personas come from?",
    body: "From the public profiles that engage with your brand, grouped by interests and demographics.",
  },
  {
    id: "influencer-score",
    module: "influencer",
    title: "What is the influencer score?",
    body: "A 0–100 measure of reach and engagement among your audience, not among everyone.",
  },
  {
    id: "intent-cpc",
    module: "intent",
    title: "What does cost per click mean here?",
    body: "The average price advertisers pay for a click on the keyword, in US dollars.",
  },
];

function HelpPanelDemo(props: Omit<React.ComponentProps<typeof HelpPanel>, "open" | "onOpenChange">) {
  const [open, setOpen] = React.useState(false);
  return (
    <>
      <Button emphasis="secondary" onClick={() => setOpen(true)} aria-haspopup="dialog">
        Help
      </Button>
      <HelpPanel {...props} open={open} onOpenChange={setOpen} />
    </>
  );
}

const meta = {
  title: "Overlays/Help panel",
  component: HelpPanel,
  args: { topics, open: false, onOpenChange: fn(), onModuleChange: fn() },
  render: ({ open: _open, onOpenChange: _onOpenChange, ...args }) => <HelpPanelDemo {...args} />,
} satisfies Meta<typeof HelpPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

async function openPanel(canvasElement: HTMLElement) {
  await userEvent.click(within(canvasElement).getByRole("button", { name: "Help" }));
  return body().findByRole("dialog", { name: "Help" });
}

const topicTitles = (panel: HTMLElement) =>
  within(panel)
    .getAllByRole("heading", { level: 3 })
    .map((heading) => heading.textContent);

export const AllTopics: Story = {
  play: async ({ canvasElement }) => {
    const panel = await openPanel(canvasElement);
    await expect(within(panel).getByRole("radio", { name: "All" })).toHaveAttribute("aria-checked", "true");
    await expect(topicTitles(panel)).toHaveLength(6);
  },
};

/** Choosing a module shows only its topics; All shows every one again. */
export const FilterByModule: Story = {
  play: async ({ canvasElement, args }) => {
    const panel = await openPanel(canvasElement);
    const filter = within(panel).getByRole("radiogroup", { name: "Filter by module" });
    await userEvent.click(within(filter).getByRole("radio", { name: "Content" }));
    await expect(args.onModuleChange).toHaveBeenLastCalledWith("content");
    await expect(topicTitles(panel)).toEqual([
      "What does the content breakdown show?",
      "How are top and under-performing posts chosen?",
    ]);
    await userEvent.click(within(filter).getByRole("radio", { name: "Intent" }));
    await expect(topicTitles(panel)).toEqual(["What does cost per click mean here?"]);
    await userEvent.click(within(filter).getByRole("radio", { name: "All" }));
    await expect(topicTitles(panel)).toHaveLength(6);
  },
};

/** A topic opens to show its answer. */
export const ReadTopic: Story = {
  args: { defaultModule: "audience" },
  play: async ({ canvasElement }) => {
    const panel = await openPanel(canvasElement);
    const trigger = within(panel).getByRole("button", { name: "Where do personas come from?" });
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(trigger);
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await expect(within(panel).getByText(/public profiles that engage/)).toBeVisible();
  },
};

/** Escape or the close button closes it, and focus returns to Help. */
export const Closes: Story = {
  play: async ({ canvasElement }) => {
    const panel = await openPanel(canvasElement);
    await userEvent.click(within(panel).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(body().queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(within(canvasElement).getByRole("button", { name: "Help" })).toHaveFocus());
  },
};

export const NoTopicsForModule: Story = {
  args: { topics: topics.filter((topic) => topic.module !== "influencer"), defaultModule: "influencer" },
  play: async ({ canvasElement }) => {
    const panel = await openPanel(canvasElement);
    await expect(within(panel).getByText("No help topics for Influencers yet.")).toBeVisible();
  },
};

export const OpenDark: Story = {
  globals: { colourMode: "dark" },
  play: async ({ canvasElement }) => {
    const panel = await openPanel(canvasElement);
    await userEvent.click(within(panel).getByRole("button", { name: /content breakdown/ }));
  },
};

/** Topics about every module: under All they are labelled so, and they follow each module's own topics. */
export const SharedTopics: Story = {
  args: { sharedTopics: [{ id: "periods", title: "How do periods work?", body: "Every module compares…" }] },
  play: async ({ canvasElement }) => {
    const panel = await openPanel(canvasElement);
    await expect(within(panel).getByText("Every module")).toBeVisible();
    await userEvent.click(within(panel).getByRole("radio", { name: "Intent" }));
    await expect(topicTitles(panel)).toEqual(["What does cost per click mean here?", "How do periods work?"]);
  },
};
